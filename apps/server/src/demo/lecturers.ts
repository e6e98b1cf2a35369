/** Demo lecturers; courses, columns and lives name them by key. */
import type { LecturersTable } from '../db/schema.ts';
import { assetUrl } from './common.ts';

export type LecturerKey = 'zhou' | 'chen' | 'ouyang' | 'sun' | 'lin' | 'he' | 'zheng' | 'sima' | 'tang' | 'xu';

/** A lecturers row as inserted, with the key that courses, columns and lives use for it. */
export interface LecturerSeed extends Omit<LecturersTable, 'id'> {
  key: LecturerKey;
}

export const LECTURERS: readonly LecturerSeed[] = [
  {
    key: 'zhou',
    name: '周立衡',
    avatar: assetUrl('avatars/lecturer-1.svg'),
    company: '华东某城市商业银行',
    department: '法律合规部',
    position: '总经理',
    intro:
      '从事银行法律合规工作二十余年，主持搭建所在银行的合规管理体系和案防制度，多次参与地方金融监管部门组织的制度评审，擅长把监管要求转化为一线可执行的内部流程。',
  },
  {
    key: 'chen',
    name: '陈思远',
    avatar: assetUrl('avatars/lecturer-2.svg'),
    company: '中衡律师事务所',
    department: '金融争议解决部',
    position: '高级合伙人',
    intro:
      '执业十八年，长期代理商业银行、资产管理公司处理金融借款、票据、担保及跨境合规案件，兼任多家仲裁机构仲裁员，善于从诉讼结果反推业务合同与流程的改进点。',
  },
  {
    key: 'ouyang',
    name: '欧阳静怡',
    avatar: assetUrl('avatars/lecturer-3.svg'),
    company: '江州大学法学院',
    department: '民商法教研室',
    position: '副教授',
    intro:
      '法学博士，研究方向为担保法与金融交易法，主持省部级课题多项，出版担保法领域专著一部。讲课以案例见长，能把民法典的抽象规则讲成银行人听得懂的业务语言。',
  },
  {
    key: 'sun',
    name: '孙建国',
    avatar: assetUrl('avatars/lecturer-4.svg'),
    company: '华中某中级人民法院',
    department: '执行局',
    position: '执行法官（已退休）',
    intro:
      '在人民法院从事民商事审判和执行工作三十余年，曾任执行实施庭庭长，办理各类执行案件数千件。退休后专注金融债权执行实务的研究与培训，熟悉法院视角下的办案逻辑。',
  },
  {
    key: 'lin',
    name: '林雪',
    avatar: assetUrl('avatars/lecturer-5.svg'),
    company: '某全国性股份制银行总行',
    department: '反洗钱中心',
    position: '高级经理',
    intro:
      '反洗钱从业十二年，持有国际公认反洗钱师资格，参与总行反洗钱监测模型建设和洗钱风险自评估工作，多次牵头监管反洗钱检查的迎检与整改。',
  },
  {
    key: 'he',
    name: '何振宇',
    avatar: assetUrl('avatars/lecturer-6.svg'),
    company: '北辰律师事务所',
    department: '数据合规与网络安全团队',
    position: '合伙人',
    intro:
      '专注数据合规与个人信息保护，为多家银行、支付机构和金融科技公司提供数据出境申报、个人信息保护影响评估及数据安全体系建设服务，执业前曾在大型银行信息科技部门任职。',
  },
  {
    key: 'zheng',
    name: '郑婉',
    avatar: assetUrl('avatars/lecturer-7.svg'),
    company: '华南某农村商业银行',
    department: '消费者权益保护部',
    position: '总经理',
    intro:
      '从事零售银行与消费者权益保护工作十五年，牵头建立所在银行的消保审查、投诉溯源整改和金融纠纷调解机制，对理财销售与信用卡业务的消保问题有丰富的一线经验。',
  },
  {
    key: 'sima',
    name: '司马文博',
    avatar: assetUrl('avatars/lecturer-8.svg'),
    company: '长江某地方资产管理公司',
    department: '不良资产经营部',
    position: '资深法务经理',
    intro:
      '曾在商业银行资产保全部门工作十年，后加入地方资产管理公司，参与不良资产包收购、债务重组和破产重整项目数十个，熟悉不良资产从收购到处置的全流程法律问题。',
  },
  {
    key: 'tang',
    name: '唐嘉禾',
    avatar: assetUrl('avatars/lecturer-9.svg'),
    company: '金衡金融监管研究院',
    department: '政策研究所',
    position: '研究员',
    intro:
      '经济学博士，长期跟踪银行业监管政策与国际金融监管规则，参与多项行业协会课题研究，擅长从政策演变的脉络中解读监管意图，讲解清晰、条理分明。',
  },
  {
    key: 'xu',
    name: '许明',
    avatar: assetUrl('avatars/lecturer-10.svg'),
    company: '某国有大型银行省分行',
    department: '交易银行部票据业务中心',
    position: '副主任',
    intro:
      '从事票据业务十六年，经历纸质票据向电子票据、再到新一代票据业务系统的全部转型，负责分行票据业务制度建设和风险排查，对承兑、贴现及追索实务有丰富经验。',
  },
];
