/** Demo subjects (the catalogue's top level, each with an icon and a default cover) and course tags. */
import { assetUrl } from './common.ts';

export type SubjectKey =
  | 'compliance'
  | 'aml'
  | 'bills'
  | 'security'
  | 'litigation'
  | 'data'
  | 'consumer'
  | 'civil'
  | 'policy';

export interface SubjectSeed {
  key: SubjectKey;
  name: string;
  sort: number;
  icon: string;
  /** Default cover of the subject's courses (16:9). */
  cover: string;
}

const SUBJECT_NAMES: ReadonlyArray<readonly [SubjectKey, string]> = [
  ['compliance', '商业银行合规'],
  ['aml', '反洗钱'],
  ['bills', '票据与支付结算'],
  ['security', '担保与不良资产处置'],
  ['litigation', '金融诉讼与执行'],
  ['data', '数据与个人信息保护'],
  ['consumer', '金融消费者权益保护'],
  ['civil', '民法典与银行业务'],
  ['policy', '金融监管政策解读'],
];

export const SUBJECTS: readonly SubjectSeed[] = SUBJECT_NAMES.map(([key, name], i) => ({
  key,
  name,
  sort: i + 1,
  icon: assetUrl(`icons/subject-${i + 1}.svg`),
  cover: assetUrl(`covers/subject-${i + 1}.svg`),
}));

export const TAGS = [
  '客户尽职调查',
  '可疑交易报告',
  '大额交易报告',
  '受益所有人识别',
  '洗钱风险评估',
  '制裁合规',
  '电子商业汇票',
  '票据追索',
  '支付结算',
  '账户管理',
  '电信网络诈骗防范',
  '银行卡盗刷',
  '保证合同',
  '抵押登记',
  '最高额担保',
  '担保制度解释',
  '不良资产转让',
  '债务重组',
  '破产债权',
  '执行异议',
  '财产保全',
  '金融借款纠纷',
  '融资租赁',
  '数据出境',
  '数据安全',
  '个人信息处理',
  '适当性管理',
  '催收合规',
  '投诉处理',
  '纠纷调解',
  '营销宣传',
  '理财业务',
  '信用卡业务',
  '内控合规',
  '案防管理',
  '关联交易',
  '监管处罚',
  '公司治理',
  '民法典合同编',
  '新入职必修',
] as const;

export type TagName = (typeof TAGS)[number];
