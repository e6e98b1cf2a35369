/** Demo columns (专栏): paid bundles of courses, listed in their reading order. */
import { assetUrl } from './common.ts';
import type { CourseKey } from './courses.ts';
import type { LecturerKey } from './lecturers.ts';

export interface ColumnSeed {
  key: string;
  title: string;
  intro: string;
  cover: string;
  /** Fen. */
  price: number;
  lecturer: LecturerKey | null;
  status: 0 | 1;
  created_days_ago: number;
  courses: readonly CourseKey[];
}

const COLUMN_LIST = [
  {
    key: 'aml-practice',
    title: '反洗钱合规实务专栏',
    intro:
      '汇集新《反洗钱法》解读、客户尽职调查、受益所有人识别、可疑交易报告和制裁合规五个主题，按“法律要求—操作流程—典型案例”的结构编排，适合反洗钱岗位人员系统学习，也可作为分支机构年度培训教材。',
    cover: assetUrl('columns/column-1.svg'),
    price: 49900,
    lecturer: 'lin',
    status: 1,
    created_days_ago: 300,
    courses: ['aml-law', 'aml-cdd', 'beneficial-owner', 'str-writing', 'sanctions'],
  },
  {
    key: 'npl-litigation',
    title: '不良资产处置与诉讼执行',
    intro:
      '从债权保全、诉讼、执行到批量转让与破产重整，覆盖银行不良资产处置的完整链条。由执行法官、资深律师和资产管理公司法务联合讲授，兼顾法院视角与债权人视角。',
    cover: assetUrl('columns/column-2.svg'),
    price: 69900,
    lecturer: 'sun',
    status: 1,
    created_days_ago: 250,
    courses: [
      'loan-dispute',
      'property-preservation',
      'enforcement-objection',
      'npl-transfer',
      'debt-restructuring',
      'bankruptcy-claims',
      'guarantee-contract-drafting',
    ],
  },
  {
    key: 'data-compliance',
    title: '数据合规一本通',
    intro:
      '围绕个人信息保护、数据安全分级分类、营销授权和数据出境四个主题，帮助银行建立数据合规的基本框架，适合零售、科技、数据管理和合规部门的同事共同学习。',
    cover: assetUrl('columns/column-3.svg'),
    price: 29900,
    lecturer: 'he',
    status: 1,
    created_days_ago: 120,
    courses: ['pipl-banking', 'data-grading', 'marketing-consent', 'data-export'],
  },
  {
    key: 'onboarding',
    title: '新员工合规必修课',
    intro:
      '为银行新入职员工精选的八门课程：合规底线、民法典基础、账户与票据、诉讼入门、消费者保护和年度监管形势，一次学完入行必备的法律合规知识。',
    cover: assetUrl('columns/column-4.svg'),
    price: 19900,
    lecturer: null,
    status: 1,
    created_days_ago: 200,
    courses: [
      'compliance-basics',
      'civil-code-series',
      'account-management',
      'ecds-basics',
      'litigation-basics',
      'consumer-measures',
      'mortgage-registration',
      'policy-annual',
    ],
  },
  {
    key: 'guarantee',
    title: '民法典担保制度精讲',
    intro:
      '以担保制度司法解释为主线，串联保证合同、抵押登记、格式条款和利息认定等专题，帮助授信和法务人员把担保规则落实到合同文本与放款审核之中。',
    cover: assetUrl('columns/column-5.svg'),
    price: 39900,
    lecturer: 'ouyang',
    status: 1,
    created_days_ago: 330,
    courses: [
      'guarantee-interpretation',
      'guarantee-contract-drafting',
      'mortgage-registration',
      'civil-code-contracts',
      'interest-limits',
    ],
  },
] as const satisfies readonly ColumnSeed[];

export type ColumnKey = (typeof COLUMN_LIST)[number]['key'];
export const COLUMNS: readonly ColumnSeed[] = COLUMN_LIST;
