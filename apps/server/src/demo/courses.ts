/** Demo courses with their chapters, written compactly (CourseInput) and resolved to rows (CourseSeed). */
import type { CorporateKey } from './corporates.ts';
import type { LecturerKey } from './lecturers.ts';
import { SUBJECTS, type SubjectKey, type TagName } from './subjects.ts';

interface DetailParts {
  intro: string;
  points: readonly string[];
  audience: string;
  basis: string;
}

/** Rich-text course introduction in the markup the detail page renders (h3/p/ul/li). */
function detail(d: DetailParts): string {
  return [
    '<h3>课程介绍</h3>',
    `<p>${d.intro}</p>`,
    '<h3>课程要点</h3>',
    `<ul>${d.points.map((p) => `<li>${p}</li>`).join('')}</ul>`,
    '<h3>适合人群</h3>',
    `<p>${d.audience}</p>`,
    '<h3>主要法规依据</h3>',
    `<p>${d.basis}</p>`,
  ].join('');
}

/** `'mm:ss'` (minutes may exceed 59) to seconds. */
function mmss(text: string): number {
  const [m, s] = text.split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
}

/** A chapter as `[title, 'mm:ss']`. */
type ChapterInput = readonly [string, string];

/**
 * What a course is written as. Derived fields: is_free = (price === 0), member_free =
 * (vip_price === 0), course_type = series when `chapters` is given, duration of a series = sum of
 * its chapters. Omitted fields default to: vip_price null, original_price = price, home null,
 * activity 0, corporate null, status 1 (on shelf), native_only 0, needs_verified_profile 0.
 */
interface CourseInput {
  key: string;
  name: string;
  subtitle: string;
  subject: SubjectKey;
  lecturer: LecturerKey;
  level: 1 | 2 | 3;
  /** 1 video, 2 audio */
  media: 1 | 2;
  /** Fen. */
  price: number;
  /** Fen; 0 means free for members (member_free). */
  vip_price?: number | null;
  original_price?: number;
  /** Home exhibition zone: 1 basic member, 2 old-course special, 3 topic member, 4 welfare. */
  home?: 1 | 2 | 3 | 4;
  /** 0 none, 1 cash-back, 2 early bird, 3 group buy. */
  activity?: 0 | 1 | 2 | 3;
  /** Enrolment window and early-bird price (decision 013), anchored to the real clock like the lives. */
  enroll?: EnrolSeed;
  corporate?: CorporateKey;
  /** 1 on shelf, 0 off shelf, 2 not started. */
  status?: 0 | 1 | 2;
  /** Normal courses: 'mm:ss', or null when not updated yet. */
  duration?: string | null;
  /** Series: the chapters, the price of one paid chapter (fen) and how many open as free trials. */
  chapters?: readonly ChapterInput[];
  chapter_price?: number;
  free_trial_chapters?: 1 | 2;
  native_only?: boolean;
  needs_verified_profile?: boolean;
  learners: number;
  published_days_ago: number;
  tags: readonly TagName[];
  detail: string;
}

/** Days from the seed's live anchor (the real clock) to the window's sides; null is open. Bird price in fen. */
export interface EnrolSeed {
  starts_in_days: number | null;
  ends_in_days: number | null;
  bird_price: number | null;
}

export interface ChapterSeed {
  title: string;
  sort: number;
  duration_seconds: number;
  is_free_trial: 0 | 1;
  /** Fen; 0 for free-trial chapters. */
  price: number;
  status: 1;
}

/** A course row ready to insert, with references still as keys. */
export interface CourseSeed {
  key: string;
  name: string;
  subtitle: string;
  cover: string;
  detail: string;
  course_type: 1 | 2;
  course_level: 1 | 2 | 3;
  subject: SubjectKey;
  lecturer: LecturerKey;
  media_type: 1 | 2;
  price: number;
  vip_price: number | null;
  original_price: number;
  is_free: 0 | 1;
  member_free: 0 | 1;
  home_list_type: 1 | 2 | 3 | 4 | null;
  activity_type: 0 | 1 | 2 | 3;
  enroll: EnrolSeed | null;
  corporate: CorporateKey | null;
  status: 0 | 1 | 2;
  duration_seconds: number | null;
  native_only: 0 | 1;
  needs_verified_profile: 0 | 1;
  learners_count: number;
  sort: number;
  published_days_ago: number;
  tags: readonly TagName[];
  chapters: readonly ChapterSeed[];
}

const COURSE_INPUTS = [
  // ── 商业银行合规 ───────────────────────────────────────────────────────────────────────
  {
    key: 'compliance-basics',
    name: '商业银行合规管理入门：从“三道防线”说起',
    subtitle: '厘清业务、合规与审计三道防线的职责边界',
    subject: 'compliance',
    lecturer: 'zhou',
    level: 1,
    media: 1,
    price: 0,
    original_price: 4900,
    home: 4,
    duration: '52:30',
    learners: 12860,
    published_days_ago: 418,
    tags: ['内控合规', '新入职必修', '案防管理'],
    detail: detail({
      intro:
        '合规不是合规部一个部门的事。本课程从商业银行合规管理的基本框架讲起，结合城商行真实的制度体系，说明业务条线、合规与风险管理部门、内部审计“三道防线”各自承担什么职责、如何衔接，以及一线员工在日常展业中最容易踩到的合规红线。',
      points: [
        '合规风险的含义与监管处罚的主要类型',
        '三道防线的职责划分与协作机制',
        '制度、流程、系统如何共同落地合规要求',
        '新员工必须掌握的十条合规底线',
      ],
      audience: '银行新入职员工、支行客户经理与柜面人员，以及刚转岗到合规条线的同事。',
      basis: '《中华人民共和国商业银行法》《中华人民共和国银行业监督管理法》《商业银行合规风险管理指引》《金融机构合规管理办法》。',
    }),
  },
  {
    key: 'compliance-measures',
    name: '《金融机构合规管理办法》逐条精读',
    subtitle: '首席合规官、合规审查与问责机制一次讲透',
    subject: 'compliance',
    lecturer: 'zhou',
    level: 2,
    media: 1,
    price: 29900,
    vip_price: 19900,
    original_price: 39900,
    home: 3,
    activity: 1,
    chapter_price: 5900,
    free_trial_chapters: 2,
    chapters: [
      ['第1讲 立法背景与适用范围', '38:12'],
      ['第2讲 董事会、高管层与首席合规官', '42:05'],
      ['第3讲 合规管理部门的独立性与资源保障', '36:40'],
      ['第4讲 合规审查：新产品、新业务与重大决策', '45:18'],
      ['第5讲 合规风险识别、评估与监测', '40:22'],
      ['第6讲 合规培训与合规文化建设', '33:50'],
      ['第7讲 合规问责与考核机制', '39:46'],
      ['第8讲 监管检查要点与整改实务', '47:10'],
    ],
    learners: 5320,
    published_days_ago: 300,
    tags: ['内控合规', '监管处罚', '公司治理'],
    detail: detail({
      intro:
        '《金融机构合规管理办法》对合规管理的组织架构、首席合规官及合规官制度、合规审查和问责提出了系统性要求。本系列课程按条文顺序逐条解读，每一讲配套一则机构落地案例，帮助学员把纸面上的制度转化为可执行的内部流程和岗位职责。',
      points: [
        '首席合规官的任职条件、职责与履职保障',
        '合规审查意见的出具程序与留痕要求',
        '合规管理有效性评估的方法',
        '违规问责与尽职免责的边界',
      ],
      audience: '总分行合规部门负责人及骨干、内控与法律事务岗位人员、拟任合规官的中层管理者。',
      basis: '《金融机构合规管理办法》《中华人民共和国商业银行法》《银行保险机构公司治理准则》。',
    }),
  },
  {
    key: 'related-party',
    name: '银行关联交易管理实务',
    subtitle: '关联方识别、交易审批与信息披露',
    subject: 'compliance',
    lecturer: 'tang',
    level: 3,
    media: 2,
    price: 12900,
    vip_price: 8900,
    duration: '76:20',
    learners: 2140,
    published_days_ago: 260,
    tags: ['关联交易', '公司治理', '监管处罚'],
    detail: detail({
      intro:
        '关联交易是监管检查的高频领域，也是公司治理失灵的常见表现。课程围绕关联方的穿透识别、重大关联交易的认定标准、审批与回避程序、统一交易协议的适用以及报告披露义务展开，并结合近年典型处罚案例分析股东及其关联方不当利用关联交易的风险。',
      points: [
        '关联方名单的建立、更新与穿透识别',
        '一般关联交易与重大关联交易的认定',
        '关联交易控制委员会的审查要点',
        '违规关联交易的监管处罚与整改',
      ],
      audience: '董事会办公室、风险管理部、合规部以及授信审批条线的中高级人员。',
      basis: '《银行保险机构关联交易管理办法》《中华人民共和国商业银行法》《银行保险机构公司治理准则》。',
    }),
  },
  {
    key: 'case-prevention',
    name: '案防管理与员工异常行为排查',
    subtitle: '从“人防”到“技防”的案件风险防控',
    subject: 'compliance',
    lecturer: 'zhou',
    level: 2,
    media: 1,
    price: 6900,
    vip_price: 0,
    original_price: 9900,
    home: 1,
    duration: '58:45',
    learners: 7460,
    published_days_ago: 210,
    tags: ['案防管理', '内控合规'],
    detail: detail({
      intro:
        '内外勾结、违规担保、私售产品等案件往往始于员工行为的细微异常。本课程梳理银行案件风险的主要形态，讲解员工行为管理的制度要求，演示如何利用账户交易监测、重点岗位轮岗与强制休假、谈心家访等手段发现苗头性问题，并介绍案件发生后的报告与处置流程。',
      points: [
        '银行业案件的主要类型与成因',
        '员工异常行为的识别清单',
        '重点岗位轮岗与强制休假的落地',
        '案件报告时限与责任追究',
      ],
      audience: '支行行长、运营主管、人力资源及合规条线员工。',
      basis: '《银行保险机构涉刑案件风险防控管理办法》《银行业金融机构从业人员行为管理指引》《商业银行内部控制指引》。',
    }),
  },
  {
    key: 'penalty-review',
    name: '银行业行政处罚典型案例复盘',
    subtitle: '从罚单看监管关注重点',
    subject: 'compliance',
    lecturer: 'tang',
    level: 2,
    media: 2,
    price: 9900,
    vip_price: 6900,
    original_price: 15900,
    home: 2,
    duration: '64:10',
    learners: 4380,
    published_days_ago: 470,
    tags: ['监管处罚', '内控合规', '案防管理'],
    detail: detail({
      intro:
        '课程选取近年监管部门公开的银行业典型行政处罚案例，按信贷管理、内控合规、反洗钱、消费者保护等领域归类，逐一还原违规事实、处罚依据和责任人员认定，总结“双罚制”下机构与个人的责任边界，并给出对照自查的清单。',
      points: [
        '罚单结构与处罚依据的阅读方法',
        '信贷资金违规流入限制性领域的认定',
        '“双罚制”下责任人员的追责逻辑',
        '对照罚单开展自查的方法',
      ],
      audience: '合规、内审、信贷管理等条线的业务骨干与管理人员。',
      basis: '《中华人民共和国银行业监督管理法》《中华人民共和国行政处罚法》《中华人民共和国商业银行法》。',
    }),
  },
  {
    key: 'corp-qingxi-credit',
    name: '青溪农商行信贷业务合规必修课',
    subtitle: '贷前调查、贷时审查与贷后管理的合规要求',
    subject: 'compliance',
    lecturer: 'zhou',
    level: 1,
    media: 1,
    price: 9900,
    corporate: 'qingxi',
    duration: '72:30',
    learners: 1280,
    published_days_ago: 150,
    tags: ['内控合规', '新入职必修', '金融借款纠纷'],
    detail: detail({
      intro:
        '本课程为青溪农村商业银行定制课程，面向全行信贷条线员工开放。课程结合农商行服务“三农”和小微企业的业务特点，讲解贷款“三查”制度的合规要求，分析信贷资金挪用、借名贷款、冒名贷款等常见风险，并梳理近年农商行信贷领域的典型监管处罚案例。',
      points: [
        '贷前调查的真实性与尽职要求',
        '借名贷款与冒名贷款的识别',
        '贷款资金用途监控',
        '信贷人员尽职免责与问责',
      ],
      audience: '青溪农村商业银行信贷条线员工及支行负责人。',
      basis: '《中华人民共和国商业银行法》《流动资金贷款管理办法》《个人贷款管理办法》《商业银行授信工作尽职指引》。',
    }),
  },

  // ── 反洗钱 ─────────────────────────────────────────────────────────────────────────────
  {
    key: 'aml-law',
    name: '新《反洗钱法》修订要点与机构义务',
    subtitle: '修订后的反洗钱法改了什么、机构要做什么',
    subject: 'aml',
    lecturer: 'lin',
    level: 1,
    media: 1,
    price: 4900,
    vip_price: 0,
    home: 1,
    duration: '48:30',
    learners: 16820,
    published_days_ago: 520,
    tags: ['客户尽职调查', '洗钱风险评估', '可疑交易报告'],
    detail: detail({
      intro:
        '修订后的《中华人民共和国反洗钱法》自2025年1月1日起施行，扩展了反洗钱的定义范围，确立了风险为本的基本方法，细化了客户尽职调查、受益所有人信息管理和特别预防措施等制度，并大幅提高了罚款额度。本课程用一节课梳理修订要点，并对照机构内控制度列出需要更新的清单。',
      points: [
        '反洗钱定义与监管范围的变化',
        '风险为本原则在内控制度中的体现',
        '客户尽职调查与受益所有人信息义务',
        '法律责任与处罚标准的调整',
      ],
      audience: '全体银行从业人员，特别是柜面、客户经理及反洗钱岗位人员。',
      basis: '《中华人民共和国反洗钱法》（2024年修订）《金融机构反洗钱和反恐怖融资监督管理办法》。',
    }),
  },
  {
    key: 'aml-cdd',
    name: '客户尽职调查全流程实战',
    subtitle: '识别、核验、持续监测到强化措施',
    subject: 'aml',
    lecturer: 'lin',
    level: 2,
    media: 1,
    price: 19900,
    vip_price: 12900,
    original_price: 25900,
    home: 3,
    activity: 2,
    // Early bird, window open: 99 元 instead of 199 元 until two months from now.
    enroll: { starts_in_days: -7, ends_in_days: 60, bird_price: 9900 },
    chapter_price: 4900,
    free_trial_chapters: 1,
    chapters: [
      ['第1讲 客户尽职调查的触发情形', '34:20'],
      ['第2讲 个人客户身份识别与核验', '41:05'],
      ['第3讲 单位客户与受益所有人识别', '46:40'],
      ['第4讲 客户洗钱风险等级划分', '38:15'],
      ['第5讲 持续尽职调查与身份资料更新', '36:50'],
      ['第6讲 高风险客户的强化尽调措施', '43:30'],
    ],
    learners: 6930,
    published_days_ago: 330,
    tags: ['客户尽职调查', '受益所有人识别', '洗钱风险评估'],
    detail: detail({
      intro:
        '客户尽职调查是反洗钱工作的基础，也是检查中问题最集中的环节。本系列课程按照业务办理的实际顺序，从开户、建立业务关系、一次性交易到持续监测，逐一拆解尽调的触发条件、核验渠道、资料留存和风险分级要求，并配套柜面与对公开户的操作示例。',
      points: [
        '尽调触发情形与简化、强化措施的适用',
        '联网核查、影像比对等核验手段',
        '风险等级划分指标与调整时机',
        '身份资料与交易记录的保存期限',
      ],
      audience: '柜面经理、对公客户经理、运营管理及反洗钱专岗人员。',
      basis: '《中华人民共和国反洗钱法》《金融机构客户尽职调查和客户身份资料及交易记录保存管理办法》。',
    }),
  },
  {
    key: 'beneficial-owner',
    name: '受益所有人识别：穿透规则与疑难案例',
    subtitle: '股权、控制权与收益权三条识别路径',
    subject: 'aml',
    lecturer: 'lin',
    level: 3,
    media: 2,
    price: 9900,
    vip_price: 6900,
    activity: 1,
    duration: '67:40',
    learners: 3120,
    published_days_ago: 190,
    tags: ['受益所有人识别', '客户尽职调查'],
    detail: detail({
      intro:
        '受益所有人识别要求金融机构“穿透”到最终控制或获益的自然人。课程系统讲解按股权、控制权和收益权三种标准的识别方法，剖析多层嵌套、代持、信托和合伙企业等复杂结构，并结合受益所有人信息备案制度，说明金融机构如何利用备案信息开展核验。',
      points: [
        '持股比例标准与实际控制的判定',
        '合伙企业、信托及资管产品的识别',
        '无法识别时的替代措施与记录',
        '受益所有人备案信息的核验运用',
      ],
      audience: '对公业务客户经理、反洗钱岗位人员、公司业务合规审查人员。',
      basis: '《中华人民共和国反洗钱法》《受益所有人信息管理办法》《金融机构客户尽职调查和客户身份资料及交易记录保存管理办法》。',
    }),
  },
  {
    key: 'str-writing',
    name: '可疑交易报告的甄别与撰写',
    subtitle: '写出一份“有分析、有结论”的可疑报告',
    subject: 'aml',
    lecturer: 'lin',
    level: 2,
    media: 1,
    price: 7900,
    vip_price: 4900,
    original_price: 9900,
    home: 3,
    duration: '55:25',
    learners: 5470,
    published_days_ago: 150,
    tags: ['可疑交易报告', '大额交易报告'],
    detail: detail({
      intro:
        '可疑交易报告的质量直接决定反洗钱工作的价值。本课程从监测模型预警出发，讲解如何结合客户身份、交易背景和资金流向进行人工甄别，如何区分排除、继续观察与上报三种结论，并以涉赌、电诈和地下钱庄资金链为例，示范报告要素的组织和描述方式。',
      points: [
        '大额交易与可疑交易报告的标准和时限',
        '监测预警的人工甄别思路',
        '可疑特征描述与资金链分析',
        '上报后的持续监控与控制措施',
      ],
      audience: '反洗钱监测分析岗位人员、运营条线及分支机构反洗钱联络员。',
      basis: '《金融机构大额交易和可疑交易报告管理办法》《中华人民共和国反洗钱法》《中华人民共和国反电信网络诈骗法》。',
    }),
  },
  {
    key: 'sanctions',
    name: '跨境业务中的制裁合规风险',
    subtitle: '名单筛查、交易拦截与合规应对',
    subject: 'aml',
    lecturer: 'chen',
    level: 3,
    media: 2,
    price: 15900,
    vip_price: 9900,
    original_price: 19900,
    needs_verified_profile: true,
    duration: '72:15',
    learners: 1860,
    published_days_ago: 120,
    tags: ['制裁合规', '洗钱风险评估'],
    detail: detail({
      intro:
        '随着跨境业务增长，银行面临的制裁合规风险日益突出。本课程介绍主要制裁名单的类型与更新机制，讲解客户与交易名单筛查的系统设置、命中后的人工复核与处置流程，并分析《反外国制裁法》框架下金融机构执行外国制裁措施时面临的法律冲突及应对思路。本课程需完成实名资料认证后购买。',
      points: [
        '制裁名单类型与筛查范围',
        '模糊匹配阈值设置与误报管理',
        '命中交易的冻结、拒绝与报告',
        '反外国制裁法下的合规冲突处理',
      ],
      audience: '国际业务部、金融市场部、反洗钱及法律合规部门的中高级人员。',
      basis: '《中华人民共和国反洗钱法》《中华人民共和国反外国制裁法》《中华人民共和国反恐怖主义法》。',
    }),
  },
  {
    key: 'aml-risk-assessment',
    name: '洗钱风险自评估方法论（2023版）',
    subtitle: '固有风险、控制有效性与剩余风险',
    subject: 'aml',
    lecturer: 'lin',
    level: 2,
    media: 2,
    price: 6900,
    vip_price: 4900,
    status: 0,
    duration: '61:00',
    learners: 2980,
    published_days_ago: 535,
    tags: ['洗钱风险评估', '内控合规'],
    detail: detail({
      intro:
        '本课程为2023年版本，已由新版课程替代并下架，仅对已购学员开放。课程介绍机构洗钱风险自评估的整体框架，包括固有风险指标的选取、控制措施有效性的评价以及剩余风险的计算方法，并说明评估结果如何运用于资源配置、产品准入和客户风险管理。',
      points: ['固有风险指标体系的搭建', '控制措施有效性的评价方法', '剩余风险的计算与评级', '评估结果在管理中的运用'],
      audience: '反洗钱管理岗位人员及内控合规部门负责人。',
      basis: '《法人金融机构洗钱和恐怖融资风险自评估指引》《金融机构反洗钱和反恐怖融资监督管理办法》。',
    }),
  },
  {
    key: 'corp-qingxi-aml',
    name: '青溪农商行反洗钱年度培训',
    subtitle: '2026年度全员反洗钱必修',
    subject: 'aml',
    lecturer: 'lin',
    level: 1,
    media: 1,
    price: 4900,
    corporate: 'qingxi',
    chapter_price: 1900,
    free_trial_chapters: 1,
    chapters: [
      ['第1讲 年度反洗钱监管形势', '25:30'],
      ['第2讲 柜面客户身份识别要点', '28:45'],
      ['第3讲 可疑交易识别与内部报告', '30:10'],
      ['第4讲 典型案例与年度考试说明', '22:40'],
    ],
    learners: 2460,
    published_days_ago: 60,
    tags: ['客户尽职调查', '可疑交易报告', '洗钱风险评估'],
    detail: detail({
      intro:
        '本课程为青溪农村商业银行年度反洗钱全员培训课程。课程结合本行年度洗钱风险自评估结果，通报监管检查发现的问题，讲解柜面与客户经理岗位在客户身份识别、大额和可疑交易报告方面的操作要点，并说明年度反洗钱培训考试的范围与要求。',
      points: ['年度反洗钱监管形势与检查重点', '柜面身份识别与核验要点', '可疑交易的识别与内部报告', '年度培训考试要求'],
      audience: '青溪农村商业银行全体员工。',
      basis: '《中华人民共和国反洗钱法》《金融机构反洗钱和反恐怖融资监督管理办法》《金融机构大额交易和可疑交易报告管理办法》。',
    }),
  },

  // ── 票据与支付结算 ─────────────────────────────────────────────────────────────────────
  {
    key: 'ecds-basics',
    name: '电子商业汇票业务基础',
    subtitle: '出票、承兑、背书与贴现一课入门',
    subject: 'bills',
    lecturer: 'xu',
    level: 1,
    media: 1,
    price: 0,
    original_price: 3900,
    home: 4,
    duration: '46:20',
    learners: 9820,
    published_days_ago: 400,
    tags: ['电子商业汇票', '支付结算'],
    detail: detail({
      intro:
        '电子商业汇票已全面取代纸质汇票成为票据业务的主流。本课程面向初次接触票据业务的员工，讲解电子商业汇票的基本概念、票据行为的种类和系统操作流程，介绍承兑、背书、贴现、质押和提示付款的业务要点，以及票据信息披露制度的基本要求。',
      points: [
        '电子商业汇票的当事人与票据行为',
        '承兑与贴现的业务流程',
        '背书连续性与“不得转让”记载',
        '票据信息披露与付款期限',
      ],
      audience: '公司业务、交易银行及运营条线的新员工。',
      basis: '《中华人民共和国票据法》《电子商业汇票业务管理办法》《商业汇票承兑、贴现与再贴现管理办法》。',
    }),
  },
  {
    key: 'bill-recourse',
    name: '票据追索权行使与诉讼要点',
    subtitle: '拒付之后，持票银行如何主张票据权利',
    subject: 'bills',
    lecturer: 'xu',
    level: 2,
    media: 2,
    price: 6900,
    vip_price: 4900,
    original_price: 9900,
    home: 2,
    duration: '58:10',
    learners: 3960,
    published_days_ago: 450,
    tags: ['票据追索', '电子商业汇票', '金融借款纠纷'],
    detail: detail({
      intro:
        '承兑人到期拒付或商票违约时，持票银行能否顺利行使追索权，取决于提示付款、拒付证明和追索通知等环节是否合规。本课程结合典型判例，讲解期前追索与到期追索的条件、追索对象和金额范围、票据权利时效，以及票据纠纷与原因债权纠纷的诉讼选择。',
      points: [
        '提示付款与拒付追索的操作要求',
        '追索对象的选择与连带责任',
        '票据权利时效与利益返还请求权',
        '票据纠纷的管辖与诉讼策略',
      ],
      audience: '票据业务、资产保全和法律事务部门人员。',
      basis: '《中华人民共和国票据法》《最高人民法院关于审理票据纠纷案件若干问题的规定》《全国法院民商事审判工作会议纪要》。',
    }),
  },
  {
    key: 'new-bill-system',
    name: '新一代票据业务系统与等分化签发',
    subtitle: '票据包、子票区间与业务规则变化',
    subject: 'bills',
    lecturer: 'xu',
    level: 2,
    media: 1,
    price: 14900,
    vip_price: 9900,
    chapter_price: 4500,
    free_trial_chapters: 1,
    chapters: [
      ['第1讲 新一代票据系统的总体架构', '32:40'],
      ['第2讲 票据包与等分化签发', '37:15'],
      ['第3讲 子票区间的背书与贴现', '35:05'],
      ['第4讲 供应链票据与财务公司票据', '39:50'],
      ['第5讲 系统切换中的风险与应对', '31:30'],
    ],
    learners: 2750,
    published_days_ago: 240,
    tags: ['电子商业汇票', '支付结算'],
    detail: detail({
      intro:
        '新一代票据业务系统上线后，票据以“票据包”形式签发，可按标准金额等分化流转，背书、贴现和质押均以子票区间为单位进行。本系列课程系统梳理新系统的业务规则，讲解等分化签发对融资、结算和风险控制的影响，并提示切换过程中常见的操作风险。',
      points: [
        '票据包与子票区间的基本规则',
        '等分化背书与部分贴现的处理',
        '供应链票据的特殊规定',
        '新旧系统并行期的风险控制',
      ],
      audience: '票据业务经办与审查人员、交易银行产品经理。',
      basis: '《中华人民共和国票据法》《商业汇票承兑、贴现与再贴现管理办法》《票据交易管理办法》。',
    }),
  },
  {
    key: 'account-management',
    name: '单位银行结算账户管理与“断卡”行动',
    subtitle: '开户审核、异常账户管控与涉诈风险',
    subject: 'bills',
    lecturer: 'xu',
    level: 1,
    media: 1,
    price: 3900,
    vip_price: 0,
    original_price: 5900,
    home: 1,
    duration: '44:50',
    learners: 11240,
    published_days_ago: 280,
    tags: ['账户管理', '电信网络诈骗防范', '客户尽职调查'],
    detail: detail({
      intro:
        '账户是资金流转的入口，也是电信网络诈骗资金链治理的关键环节。本课程讲解单位银行结算账户的开立、变更和撤销要求，介绍“断卡”行动以来涉诈账户的识别特征与管控措施，并说明如何在防范风险的同时避免“一刀切”，保障小微企业的正常开户需求。',
      points: [
        '单位账户开立的审核要点',
        '涉诈异常账户的识别与处置',
        '非柜面业务限额与账户分类管理',
        '优化开户服务与防控风险的平衡',
      ],
      audience: '柜面人员、运营主管、对公客户经理。',
      basis: '《人民币银行结算账户管理办法》《中华人民共和国反电信网络诈骗法》《支付结算办法》。',
    }),
  },
  {
    key: 'payment-disputes',
    name: '支付结算纠纷典型案例评析',
    subtitle: '错误汇款、盗刷与代扣纠纷中的银行责任',
    subject: 'bills',
    lecturer: 'chen',
    level: 3,
    media: 2,
    price: 8900,
    vip_price: 5900,
    status: 2,
    duration: null,
    learners: 0,
    published_days_ago: 2,
    tags: ['支付结算', '银行卡盗刷'],
    detail: detail({
      intro:
        '本课程即将开课。课程将围绕错误汇款、银行卡盗刷、第三方支付代扣和网银转账等纠纷，梳理法院认定银行责任的裁判思路，分析银行在身份核验、交易安全保障和风险提示方面应尽的义务，并给出合同条款和业务流程的改进建议。',
      points: [
        '错误汇款的返还与冻结处理',
        '银行卡盗刷案件中的举证责任分配',
        '快捷支付与代扣授权纠纷',
        '银行安全保障义务的边界',
      ],
      audience: '法律事务、运营管理、银行卡和电子银行业务人员。',
      basis: '《中华人民共和国民法典》《支付结算办法》《最高人民法院关于审理银行卡民事纠纷案件若干问题的规定》。',
    }),
  },

  // ── 担保与不良资产处置 ─────────────────────────────────────────────────────────────────
  {
    key: 'guarantee-interpretation',
    name: '《民法典》担保制度解释精讲',
    subtitle: '银行担保业务的八个核心问题',
    subject: 'security',
    lecturer: 'ouyang',
    level: 2,
    media: 1,
    price: 39900,
    vip_price: 29900,
    original_price: 49900,
    home: 3,
    activity: 2,
    // Early bird, enrolment not started yet (-1284).
    enroll: { starts_in_days: 10, ends_in_days: 40, bird_price: 19900 },
    chapter_price: 7900,
    free_trial_chapters: 2,
    chapters: [
      ['第1讲 担保制度解释的体系与适用', '41:30'],
      ['第2讲 公司对外担保的决议审查', '46:15'],
      ['第3讲 保证方式与保证期间', '43:40'],
      ['第4讲 共同担保与担保人之间的追偿', '39:25'],
      ['第5讲 不动产抵押与预告登记', '44:10'],
      ['第6讲 动产与权利担保的统一登记', '42:55'],
      ['第7讲 最高额担保的确定与转让', '38:35'],
      ['第8讲 非典型担保：让与担保与保证金质押', '47:20'],
    ],
    learners: 8640,
    published_days_ago: 360,
    tags: ['担保制度解释', '保证合同', '抵押登记', '最高额担保'],
    detail: detail({
      intro:
        '《最高人民法院关于适用〈中华人民共和国民法典〉有关担保制度的解释》对公司担保、保证期间、共同担保、非典型担保等问题作出了系统规定，深刻影响银行授信担保业务的操作。本系列课程围绕银行最常遇到的实务问题，逐讲分析裁判规则与业务应对。',
      points: [
        '公司对外担保的决议审查与善意认定',
        '保证期间的计算与主张方式',
        '动产和权利担保统一登记的优先顺位',
        '让与担保、保证金质押等非典型担保的效力',
      ],
      audience: '授信审批、放款审核、法律合规和资产保全部门人员。',
      basis: '《中华人民共和国民法典》物权编、合同编；《最高人民法院关于适用〈中华人民共和国民法典〉有关担保制度的解释》《全国法院民商事审判工作会议纪要》。',
    }),
  },
  {
    key: 'mortgage-registration',
    name: '不动产抵押登记实务与风险点',
    subtitle: '预告登记、在建工程抵押与带押过户',
    subject: 'security',
    lecturer: 'sima',
    level: 1,
    media: 2,
    price: 4900,
    vip_price: 0,
    original_price: 6900,
    home: 1,
    duration: '50:35',
    learners: 6810,
    published_days_ago: 230,
    tags: ['抵押登记', '担保制度解释'],
    detail: detail({
      intro:
        '抵押登记是银行债权安全的重要保障，登记瑕疵往往在处置阶段才暴露。本课程从不动产登记的基本规则出发，讲解房屋、土地使用权、在建工程抵押的登记要求，分析预告登记的效力、抵押财产转让规则的变化，以及“带押过户”业务中的风险控制要点。',
      points: [
        '不动产抵押权的设立与登记生效',
        '抵押预告登记的效力与转为本登记',
        '在建工程抵押的登记范围',
        '抵押财产转让与“带押过户”',
      ],
      audience: '个人贷款、公司授信的放款审核人员与客户经理。',
      basis: '《中华人民共和国民法典》物权编、《不动产登记暂行条例》《最高人民法院关于适用〈中华人民共和国民法典〉有关担保制度的解释》。',
    }),
  },
  {
    key: 'npl-transfer',
    name: '不良资产批量转让与债权收购',
    subtitle: '估值、定价、公告与转让后的诉讼衔接',
    subject: 'security',
    lecturer: 'sima',
    level: 3,
    media: 1,
    price: 19900,
    vip_price: 14900,
    activity: 3,
    duration: '88:20',
    learners: 2310,
    published_days_ago: 200,
    tags: ['不良资产转让', '债务重组'],
    detail: detail({
      intro:
        '不良资产批量转让是银行快速出清风险资产的重要渠道。本课程从资产管理公司的视角，讲解资产包的尽职调查与估值方法、转让定价与公开竞价程序、债权转让通知与公告的法律效力，以及受让人在诉讼、执行中变更主体和主张权利的实务问题。',
      points: [
        '资产包尽职调查与估值模型',
        '批量转让的审批、定价与公开程序',
        '债权转让通知的方式与效力',
        '受让后的诉讼主体变更与执行衔接',
      ],
      audience: '资产保全、风险管理部门人员及从事不良资产业务的律师。',
      basis: '《金融企业不良资产批量转让管理办法》《中华人民共和国民法典》合同编、《最高人民法院关于审理涉及金融不良债权转让案件工作座谈会纪要》。',
    }),
  },
  {
    key: 'debt-restructuring',
    name: '困境企业债务重组与预重整',
    subtitle: '银行债权人在庭外重组与破产重整中的策略',
    subject: 'security',
    lecturer: 'sima',
    level: 3,
    media: 2,
    price: 29900,
    vip_price: 19900,
    original_price: 35900,
    chapter_price: 6900,
    free_trial_chapters: 1,
    chapters: [
      ['第1讲 困境企业识别与债委会机制', '36:45'],
      ['第2讲 庭外重组的方案设计', '42:10'],
      ['第3讲 预重整与庭外重组的衔接', '39:35'],
      ['第4讲 重整计划中的债权分组与表决', '44:20'],
      ['第5讲 担保债权在重整中的保护', '40:05'],
      ['第6讲 重整后的债权管理与退出', '35:50'],
    ],
    learners: 1680,
    published_days_ago: 160,
    tags: ['债务重组', '破产债权'],
    detail: detail({
      intro:
        '面对大型企业债务危机，银行作为主要债权人需要在庭外重组、预重整和司法重整之间作出选择。本系列课程结合近年典型重整案例，讲解债委会的组建与运作、重组方案的设计、预重整的程序要点，以及担保债权和普通债权在重整计划中的受偿安排与表决策略。',
      points: [
        '金融机构债权人委员会的运作规则',
        '债务重组方案的常用工具',
        '预重整与司法重整的程序衔接',
        '重整计划表决中的银行立场',
      ],
      audience: '资产保全部门负责人、大型企业授信管理人员、破产业务律师。',
      basis: '《中华人民共和国企业破产法》《全国法院破产审判工作会议纪要》《金融机构债权人委员会工作规程》。',
    }),
  },
  {
    key: 'guarantee-contract-drafting',
    name: '保证合同条款设计与审查',
    subtitle: '从格式文本到个案补充约定',
    subject: 'security',
    lecturer: 'chen',
    level: 2,
    media: 1,
    price: 9900,
    vip_price: 6900,
    original_price: 16900,
    home: 2,
    duration: '62:30',
    learners: 4520,
    published_days_ago: 490,
    tags: ['保证合同', '民法典合同编', '最高额担保'],
    detail: detail({
      intro:
        '保证合同是银行使用频率最高的担保合同之一，条款表述的细微差别可能直接影响保证方式、保证期间和保证范围的认定。本课程逐条拆解银行保证合同范本，结合裁判案例说明关键条款的写法，并讲解格式条款提示说明义务的履行方式。',
      points: [
        '连带责任保证与一般保证的约定',
        '保证期间与诉讼时效的条款设计',
        '主合同变更对保证责任的影响',
        '格式条款的提示与说明义务',
      ],
      audience: '法律事务、授信审批和合同管理岗位人员。',
      basis: '《中华人民共和国民法典》合同编保证合同章、《最高人民法院关于适用〈中华人民共和国民法典〉有关担保制度的解释》。',
    }),
  },

  // ── 金融诉讼与执行 ─────────────────────────────────────────────────────────────────────
  {
    key: 'enforcement-objection',
    name: '执行异议与执行异议之诉',
    subtitle: '案外人异议中银行抵押权的保护',
    subject: 'litigation',
    lecturer: 'sun',
    level: 3,
    media: 2,
    price: 12900,
    vip_price: 9900,
    activity: 1,
    duration: '81:15',
    learners: 3350,
    published_days_ago: 180,
    tags: ['执行异议', '财产保全'],
    detail: detail({
      intro:
        '在处置抵押房产时，银行经常遭遇案外人以购房人、承租人身份提出执行异议。本课程由长期从事执行工作的法官讲授，梳理执行异议、复议与执行异议之诉的程序关系，重点分析消费者购房人、商品房预售和“买卖不破租赁”等情形下银行抵押权的保护路径。',
      points: [
        '执行行为异议与案外人异议的区分',
        '执行异议之诉的起诉条件与举证',
        '购房消费者权利与抵押权的冲突',
        '虚假租赁的识别与排除',
      ],
      audience: '资产保全、法律事务部门人员及代理银行案件的律师。',
      basis: '《中华人民共和国民事诉讼法》《最高人民法院关于人民法院办理执行异议和复议案件若干问题的规定》《全国法院民商事审判工作会议纪要》。',
    }),
  },
  {
    key: 'property-preservation',
    name: '金融案件财产保全实务',
    subtitle: '诉前、诉中保全与担保方式选择',
    subject: 'litigation',
    lecturer: 'sun',
    level: 2,
    media: 1,
    price: 8900,
    vip_price: 5900,
    original_price: 12900,
    home: 2,
    duration: '57:40',
    learners: 4160,
    published_days_ago: 430,
    tags: ['财产保全', '金融借款纠纷'],
    detail: detail({
      intro:
        '及时有效的财产保全是金融债权得以实现的前提。本课程讲解诉前保全与诉中保全的条件和程序，比较现金担保、保险保函和银行保函等担保方式，介绍网络查控系统的运用，以及保全错误的赔偿责任和续行查封、轮候查封等实务问题。',
      points: [
        '诉前与诉中保全的申请条件',
        '保全担保的方式与数额',
        '查封、冻结、扣押的期限与续行',
        '保全错误的责任风险',
      ],
      audience: '资产保全、诉讼管理岗位人员及银行外聘律师。',
      basis: '《中华人民共和国民事诉讼法》《最高人民法院关于人民法院办理财产保全案件若干问题的规定》。',
    }),
  },
  {
    key: 'loan-dispute',
    name: '金融借款合同纠纷诉讼全景',
    subtitle: '起诉、举证、庭审到执行的全流程实务',
    subject: 'litigation',
    lecturer: 'chen',
    level: 2,
    media: 1,
    price: 25900,
    vip_price: 17900,
    original_price: 29900,
    chapter_price: 5900,
    free_trial_chapters: 2,
    chapters: [
      ['第1讲 诉前准备：证据梳理与诉讼时效', '40:20'],
      ['第2讲 管辖约定与诉讼主体', '35:45'],
      ['第3讲 利息、罚息与实现债权费用', '42:30'],
      ['第4讲 担保人的一并起诉与责任承担', '38:55'],
      ['第5讲 庭审中的常见抗辩与应对', '44:15'],
      ['第6讲 调解、赋强公证与实现担保物权程序', '37:40'],
      ['第7讲 判决后的执行与终本案件管理', '41:10'],
    ],
    learners: 5780,
    published_days_ago: 270,
    tags: ['金融借款纠纷', '财产保全', '执行异议'],
    detail: detail({
      intro:
        '金融借款合同纠纷是银行涉诉数量最多的案件类型。本系列课程按诉讼流程展开，讲解诉前证据准备、管辖与主体确定、诉讼请求的计算与表述、常见抗辩的应对，以及赋强公证、实现担保物权特别程序等非诉讼途径的选择，帮助法务人员和外聘律师提升办案效率。',
      points: [
        '诉讼时效中断证据的固定',
        '利息、复利、罚息的主张规则',
        '借款人与担保人的诉讼策略',
        '终结本次执行程序案件的后续管理',
      ],
      audience: '银行法律事务人员、资产保全岗位人员、代理金融案件的律师。',
      basis: '《中华人民共和国民法典》合同编、《中华人民共和国民事诉讼法》《全国法院民商事审判工作会议纪要》。',
    }),
  },
  {
    key: 'bankruptcy-claims',
    name: '破产程序中的银行债权申报与保护',
    subtitle: '申报、审查、表决与别除权行使',
    subject: 'litigation',
    lecturer: 'sun',
    level: 3,
    media: 2,
    price: 14900,
    native_only: true,
    duration: '69:50',
    learners: 1940,
    published_days_ago: 140,
    tags: ['破产债权', '债务重组'],
    detail: detail({
      intro:
        '债务人进入破产程序后，银行需要在限定期限内完成债权申报，并在债权人会议中维护自身权益。本课程讲解债权申报的范围与计算方法、管理人审查异议的处理、担保债权的优先受偿，以及破产撤销权、抵销权对银行的影响。因版权方要求，本课程仅支持在金法课堂App内播放。',
      points: [
        '债权申报的期限、范围与利息计算',
        '债权审查异议与债权确认之诉',
        '担保债权优先受偿的实现',
        '破产撤销与抵销对银行的影响',
      ],
      audience: '资产保全、法律事务及授信后管理人员。',
      basis: '《中华人民共和国企业破产法》《最高人民法院关于适用〈中华人民共和国企业破产法〉若干问题的规定（三）》。',
    }),
  },
  {
    key: 'litigation-basics',
    name: '银行诉讼业务入门：从立案到结案',
    subtitle: '法务新人的第一堂诉讼课',
    subject: 'litigation',
    lecturer: 'chen',
    level: 1,
    media: 1,
    price: 0,
    original_price: 2900,
    home: 4,
    duration: '45:15',
    learners: 10350,
    published_days_ago: 340,
    tags: ['金融借款纠纷', '新入职必修'],
    detail: detail({
      intro:
        '本课程面向刚接触诉讼工作的银行法务和资产保全新人，以一件普通的个人贷款纠纷为线索，依次介绍起诉材料的准备、网上立案、送达、开庭、判决生效和申请执行的全过程，并说明与外聘律师协作、案件台账管理和诉讼费用核算的基本要求。',
      points: ['起诉状与证据目录的准备', '网上立案与电子送达', '庭审流程与注意事项', '申请执行与案件归档'],
      audience: '银行法务、资产保全岗位新员工，以及分支机构的诉讼联络人。',
      basis: '《中华人民共和国民事诉讼法》《最高人民法院关于适用〈中华人民共和国民事诉讼法〉的解释》。',
    }),
  },
  {
    key: 'corp-huaxin-leasing',
    name: '融资租赁合同纠纷与租赁物取回',
    subtitle: '售后回租、租金加速到期与租赁物处置',
    subject: 'litigation',
    lecturer: 'chen',
    level: 2,
    media: 2,
    price: 12900,
    corporate: 'huaxin',
    duration: '66:20',
    learners: 540,
    published_days_ago: 85,
    tags: ['融资租赁', '执行异议', '金融借款纠纷'],
    detail: detail({
      intro:
        '本课程为华信金融租赁定制课程。课程围绕融资租赁合同纠纷的常见争议，讲解融资租赁法律关系的认定标准，分析售后回租被认定为借贷关系的风险，介绍出租人主张租金加速到期与解除合同取回租赁物两种路径的选择，以及租赁物登记、取回和价值认定中的实务问题。',
      points: [
        '融资租赁法律关系的认定',
        '售后回租的合规要点',
        '加速到期与解除合同的请求权选择',
        '租赁物登记、取回与价值认定',
      ],
      audience: '华信金融租赁业务、风控及法务人员。',
      basis: '《中华人民共和国民法典》合同编融资租赁合同章、《最高人民法院关于审理融资租赁合同纠纷案件适用法律问题的解释》《金融租赁公司管理办法》。',
    }),
  },

  // ── 数据与个人信息保护 ─────────────────────────────────────────────────────────────────
  {
    key: 'pipl-banking',
    name: '《个人信息保护法》在银行业务中的落地',
    subtitle: '告知同意、最小必要与个人权利响应',
    subject: 'data',
    lecturer: 'he',
    level: 1,
    media: 1,
    price: 5900,
    vip_price: 3900,
    original_price: 7900,
    duration: '53:20',
    learners: 8930,
    published_days_ago: 380,
    tags: ['个人信息处理', '数据安全'],
    detail: detail({
      intro:
        '银行是处理个人信息最集中的机构之一。本课程围绕开户、信贷、营销、催收等典型场景，讲解《个人信息保护法》确立的处理规则，说明告知同意的有效形式、敏感个人信息的单独同意、最小必要原则的判断，以及查阅、复制、删除等个人权利请求的响应流程。',
      points: [
        '个人信息处理的合法性基础',
        '敏感个人信息与单独同意',
        '委托处理与共同处理的合同安排',
        '个人信息主体权利请求的处理',
      ],
      audience: '零售业务、信息科技、法律合规部门的全体员工。',
      basis: '《中华人民共和国个人信息保护法》《中华人民共和国数据安全法》《中国人民银行金融消费者权益保护实施办法》。',
    }),
  },
  {
    key: 'data-export',
    name: '金融数据出境合规路径',
    subtitle: '安全评估、标准合同与认证的选择',
    subject: 'data',
    lecturer: 'he',
    level: 3,
    media: 2,
    price: 24900,
    vip_price: 16900,
    original_price: 29900,
    activity: 1,
    chapter_price: 6900,
    free_trial_chapters: 1,
    chapters: [
      ['第1讲 数据出境的认定与豁免情形', '38:40'],
      ['第2讲 数据出境安全评估的申报', '42:25'],
      ['第3讲 个人信息出境标准合同', '36:10'],
      ['第4讲 跨国金融集团的数据共享', '40:55'],
      ['第5讲 出境后的持续合规与审计', '34:30'],
    ],
    learners: 1520,
    published_days_ago: 100,
    tags: ['数据出境', '数据安全', '个人信息处理'],
    detail: detail({
      intro:
        '外资银行、跨境业务和集团化管理都离不开数据出境。本系列课程梳理我国数据出境监管框架，讲解哪些情形构成数据出境、哪些情形可以豁免申报，比较安全评估、标准合同和个人信息保护认证三条路径的适用条件与材料准备，并分析金融行业重要数据识别的特殊要求。',
      points: [
        '数据出境行为的认定与豁免',
        '安全评估申报的触发门槛',
        '标准合同备案与个人信息保护影响评估',
        '金融重要数据的识别与管理',
      ],
      audience: '外资及跨境业务银行的合规、信息科技、数据管理部门人员。',
      basis: '《中华人民共和国个人信息保护法》《中华人民共和国数据安全法》《数据出境安全评估办法》《促进和规范数据跨境流动规定》《个人信息出境标准合同办法》。',
    }),
  },
  {
    key: 'data-grading',
    name: '金融数据安全分级分类实操',
    subtitle: '从数据资产盘点到分级保护措施',
    subject: 'data',
    lecturer: 'he',
    level: 2,
    media: 1,
    price: 9900,
    vip_price: 6900,
    duration: '66:05',
    learners: 2870,
    published_days_ago: 220,
    tags: ['数据安全', '个人信息处理'],
    detail: detail({
      intro:
        '数据分级分类是金融机构落实数据安全保护义务的基础工作。本课程以金融行业标准为依据，演示如何开展数据资产盘点、确定数据分类目录、判定数据安全级别，并针对不同级别的数据设计访问控制、加密脱敏、日志审计和对外共享等保护措施。',
      points: [
        '数据资产盘点的方法与工具',
        '金融数据分类目录的编制',
        '数据安全级别的判定规则',
        '分级保护措施与数据共享审批',
      ],
      audience: '数据管理部门、信息科技部门及合规部门人员。',
      basis: '《中华人民共和国数据安全法》《中华人民共和国网络安全法》《金融数据安全 数据安全分级指南》（JR/T 0197—2020）。',
    }),
  },
  {
    key: 'marketing-consent',
    name: '营销场景下的个人信息授权与同意',
    subtitle: '外呼、短信与线上营销的合规边界',
    subject: 'data',
    lecturer: 'he',
    level: 2,
    media: 2,
    price: 0,
    original_price: 3900,
    home: 4,
    duration: '41:35',
    learners: 7350,
    published_days_ago: 95,
    tags: ['个人信息处理', '营销宣传'],
    detail: detail({
      intro:
        '电话外呼、短信推送和线上精准营销是银行获客的重要手段，也是个人信息投诉的集中领域。本课程分析营销场景中个人信息授权的有效性，讲解“一揽子授权”“默认勾选”的法律风险，介绍拒绝营销的退出机制，以及与第三方营销机构合作时的数据合规要求。',
      points: [
        '营销授权的取得方式与有效期',
        '自动化决策与个性化推荐的合规要求',
        '第三方合作营销的数据责任',
        '营销类投诉的预防与处理',
      ],
      audience: '零售营销、信用卡、网络金融部门员工及合规审查人员。',
      basis: '《中华人民共和国个人信息保护法》《银行保险机构消费者权益保护管理办法》《中华人民共和国消费者权益保护法》。',
    }),
  },
  {
    key: 'privacy-incident',
    name: '个人信息泄露事件应急处置（旧版）',
    subtitle: '发现、报告、补救与通知',
    subject: 'data',
    lecturer: 'he',
    level: 2,
    media: 1,
    price: 6900,
    vip_price: 4900,
    original_price: 9900,
    home: 2,
    status: 0,
    duration: '47:55',
    learners: 1230,
    published_days_ago: 510,
    tags: ['个人信息处理', '数据安全'],
    detail: detail({
      intro:
        '本课程为旧版课程，已下架更新，仅对已购学员开放。课程介绍个人信息泄露事件的分级标准，讲解事件发现后的内部报告路径、技术补救措施、向监管部门报告和向个人通知的要求，并通过一起员工违规查询并出售客户信息的案例，复盘应急处置中的关键决策点。',
      points: ['信息泄露事件的分级与报告', '应急预案与处置流程', '对个人的通知内容与方式', '事后追责与整改'],
      audience: '信息科技、数据管理、合规及运营管理人员。',
      basis: '《中华人民共和国个人信息保护法》《中华人民共和国数据安全法》《中华人民共和国网络安全法》。',
    }),
  },

  // ── 金融消费者权益保护 ─────────────────────────────────────────────────────────────────
  {
    key: 'consumer-measures',
    name: '《银行保险机构消费者权益保护管理办法》解读',
    subtitle: '八项消费者权利与机构的消保体系',
    subject: 'consumer',
    lecturer: 'zheng',
    level: 1,
    media: 1,
    price: 4900,
    vip_price: 2900,
    duration: '56:10',
    learners: 9680,
    published_days_ago: 440,
    tags: ['投诉处理', '营销宣传', '适当性管理'],
    detail: detail({
      intro:
        '《银行保险机构消费者权益保护管理办法》明确了消费者的知情权、自主选择权、公平交易权、财产安全权、依法求偿权、受教育权、受尊重权和信息安全权，并对机构的消保体制机制提出了全流程管控要求。本课程逐章解读办法内容，结合监管通报的典型问题提示整改方向。',
      points: [
        '消保工作的组织架构与考核',
        '产品和服务的消保审查',
        '营销宣传与信息披露要求',
        '第三方合作机构的管理责任',
      ],
      audience: '消保部门人员、零售业务条线员工及支行负责人。',
      basis: '《银行保险机构消费者权益保护管理办法》《中华人民共和国消费者权益保护法》《中国人民银行金融消费者权益保护实施办法》。',
    }),
  },
  {
    key: 'suitability',
    name: '理财销售适当性管理与“双录”',
    subtitle: '把合适的产品卖给合适的客户',
    subject: 'consumer',
    lecturer: 'zheng',
    level: 2,
    media: 1,
    price: 7900,
    vip_price: 4900,
    original_price: 9900,
    activity: 2,
    // Early bird, enrolment ended (-1285).
    enroll: { starts_in_days: -60, ends_in_days: -5, bird_price: 3900 },
    duration: '59:30',
    learners: 6240,
    published_days_ago: 250,
    tags: ['适当性管理', '理财业务', '营销宣传'],
    detail: detail({
      intro:
        '理财产品销售纠纷中，法院和监管部门重点审查银行是否履行了适当性义务。本课程讲解客户风险承受能力评估、产品风险评级和匹配规则，介绍销售专区录音录像的范围与要求，并结合“卖者尽责、买者自负”的裁判规则，分析适当性义务未履行时的赔偿责任。',
      points: [
        '客户风险承受能力评估的有效性',
        '产品风险评级与匹配销售',
        '销售专区录音录像的操作要求',
        '适当性纠纷的举证责任与赔偿',
      ],
      audience: '理财经理、财富管理部门人员、支行营业主管。',
      basis: '《商业银行理财业务监督管理办法》《理财公司理财产品销售管理暂行办法》《全国法院民商事审判工作会议纪要》。',
    }),
  },
  {
    key: 'collection-compliance',
    name: '信用卡催收合规红线',
    subtitle: '催收行为规范与委外催收管理',
    subject: 'consumer',
    lecturer: 'zheng',
    level: 2,
    media: 2,
    price: 6900,
    vip_price: 3900,
    duration: '51:45',
    learners: 5130,
    published_days_ago: 175,
    tags: ['催收合规', '信用卡业务', '投诉处理'],
    detail: detail({
      intro:
        '催收是信用卡业务投诉和舆情风险的高发环节。本课程梳理催收行为的禁止性规定，讲解催收时间、频次、对象和用语的合规要求，介绍委外催收机构的准入、考核与退出管理，并分析“暴力催收”“骚扰无关第三人”等行为可能引发的民事、行政乃至刑事责任。',
      points: [
        '催收行为的禁止性规定',
        '催收联系对象与频次控制',
        '委外催收机构的全流程管理',
        '催收录音质检与投诉处理',
      ],
      audience: '信用卡中心催收管理人员、零售风险部门及委外管理岗位人员。',
      basis: '《关于进一步促进信用卡业务规范健康发展的通知》《银行保险机构消费者权益保护管理办法》《中华人民共和国个人信息保护法》。',
    }),
  },
  {
    key: 'complaint-handling',
    name: '金融消费投诉处理与多元化解',
    subtitle: '从受理、调查到调解的闭环管理',
    subject: 'consumer',
    lecturer: 'zheng',
    level: 1,
    media: 2,
    price: 9900,
    vip_price: 0,
    original_price: 12900,
    chapter_price: 3900,
    free_trial_chapters: 1,
    chapters: [
      ['第1讲 投诉受理渠道与登记规范', '28:30'],
      ['第2讲 投诉调查与责任认定', '31:45'],
      ['第3讲 沟通技巧与争议化解', '33:20'],
      ['第4讲 金融纠纷调解与诉调对接', '29:55'],
    ],
    learners: 4270,
    published_days_ago: 320,
    tags: ['投诉处理', '纠纷调解'],
    detail: detail({
      intro:
        '投诉处理能力直接关系到客户满意度和监管评价。本系列课程介绍消费投诉的受理、登记、调查、答复和归档要求，讲解与情绪激动客户沟通的技巧，并介绍金融纠纷调解组织、诉调对接机制在化解复杂争议中的作用，帮助一线员工把投诉化解在萌芽状态。',
      points: ['投诉处理时限与答复要求', '投诉调查与内部责任认定', '高风险投诉的升级处理', '调解机制与诉调对接'],
      audience: '网点员工、客服中心及消保部门人员。',
      basis: '《银行保险机构消费投诉处理管理办法》《银行保险机构消费者权益保护管理办法》。',
    }),
  },
  {
    key: 'marketing-rules',
    name: '金融营销宣传行为规范',
    subtitle: '宣传材料审查与违规用语清单',
    subject: 'consumer',
    lecturer: 'tang',
    level: 1,
    media: 2,
    price: 3900,
    vip_price: 1900,
    duration: null,
    learners: 860,
    published_days_ago: 12,
    tags: ['营销宣传', '适当性管理'],
    detail: detail({
      intro:
        '金融营销宣传直接影响消费者的判断和选择。本课程讲解金融营销宣传的主体资质要求、宣传内容的真实性与完整性标准，列举“保本保收益”“零风险”等常见违规表述，并介绍营销宣传材料的内部审查流程和第三方平台合作宣传的责任划分。课程内容正在录制更新中。',
      points: [
        '营销宣传的主体资质与范围',
        '禁止性表述与风险提示要求',
        '宣传材料的内部审查流程',
        '互联网平台宣传的责任划分',
      ],
      audience: '零售营销、网络金融、品牌宣传部门人员及合规审查岗。',
      basis: '《关于规范金融营销宣传行为的通知》《银行保险机构消费者权益保护管理办法》《中华人民共和国广告法》。',
    }),
  },

  // ── 民法典与银行业务 ───────────────────────────────────────────────────────────────────
  {
    key: 'civil-code-contracts',
    name: '民法典合同编与银行格式条款',
    subtitle: '提示说明义务与条款效力审查',
    subject: 'civil',
    lecturer: 'ouyang',
    level: 2,
    media: 1,
    price: 9900,
    vip_price: 6900,
    duration: '63:15',
    learners: 5060,
    published_days_ago: 410,
    tags: ['民法典合同编', '保证合同'],
    detail: detail({
      intro:
        '银行的贷款、存款、银行卡等合同大多采用格式条款。本课程从民法典合同编关于格式条款的规定出发，讲解提示和说明义务的履行标准、免责条款和加重责任条款的效力认定，分析电子签约场景下的举证问题，并给出银行合同文本修订的具体建议。',
      points: [
        '格式条款的认定标准',
        '提示说明义务的履行方式与证明',
        '无效格式条款的典型情形',
        '电子合同的签署与存证',
      ],
      audience: '法律事务、产品管理、合同审查岗位人员。',
      basis: '《中华人民共和国民法典》合同编、《中华人民共和国电子签名法》《中华人民共和国消费者权益保护法》。',
    }),
  },
  {
    key: 'civil-code-series',
    name: '民法典与银行业务十讲',
    subtitle: '银行人必修的民法典入门系列',
    subject: 'civil',
    lecturer: 'ouyang',
    level: 1,
    media: 1,
    price: 29900,
    vip_price: 0,
    original_price: 39900,
    chapter_price: 3900,
    free_trial_chapters: 2,
    chapters: [
      ['第1讲 民法典的体系与银行业务全景', '30:15'],
      ['第2讲 自然人、法人与非法人组织', '32:40'],
      ['第3讲 民事法律行为与代理', '34:05'],
      ['第4讲 诉讼时效', '29:50'],
      ['第5讲 物权与担保物权', '36:25'],
      ['第6讲 合同的订立与效力', '35:10'],
      ['第7讲 借款合同与保证合同', '37:45'],
      ['第8讲 人格权编与个人信息保护', '31:30'],
      ['第9讲 婚姻家庭编与夫妻债务', '33:55'],
      ['第10讲 继承编与存款继承', '30:40'],
    ],
    learners: 14520,
    published_days_ago: 515,
    tags: ['民法典合同编', '担保制度解释', '新入职必修'],
    detail: detail({
      intro:
        '《中华人民共和国民法典》几乎涉及银行业务的每一个环节。本系列课程用十讲串联民法典总则、物权、合同、人格权、婚姻家庭和继承各编中与银行业务关系最密切的规定，每讲配一个柜面或信贷业务中的真实场景，帮助非法律专业的银行员工建立基本的民法思维。',
      points: [
        '民事主体与代理规则在开户、授权中的运用',
        '诉讼时效与债权管理',
        '借款合同、保证合同的核心规则',
        '夫妻共同债务与存款继承的处理',
      ],
      audience: '银行全体员工，尤其是非法律专业背景的新员工。',
      basis: '《中华人民共和国民法典》《中华人民共和国商业银行法》。',
    }),
  },
  {
    key: 'interest-limits',
    name: '利息、复利与违约金的司法认定',
    subtitle: '金融借款综合成本的边界',
    subject: 'civil',
    lecturer: 'ouyang',
    level: 3,
    media: 2,
    price: 8900,
    vip_price: 5900,
    activity: 1,
    duration: '54:50',
    learners: 2690,
    published_days_ago: 130,
    tags: ['金融借款纠纷', '民法典合同编'],
    detail: detail({
      intro:
        '金融借款纠纷中，借款人常以利息过高为由提出抗辩。本课程梳理民法典关于禁止高利放贷和利息预先扣除的规定，讲解法院对金融借款利息、复利、罚息、违约金及其他费用合并计算的审查标准，并分析助贷、联合贷款中综合融资成本的认定问题。',
      points: [
        '利息预先扣除与本金认定',
        '复利与罚息的约定和计算',
        '综合融资成本的审查标准',
        '助贷业务中的费用认定',
      ],
      audience: '信贷产品设计、法律事务和资产保全部门人员。',
      basis: '《中华人民共和国民法典》合同编、《最高人民法院关于进一步加强金融审判工作的若干意见》《全国法院民商事审判工作会议纪要》。',
    }),
  },
  {
    key: 'marital-debt',
    name: '夫妻共同债务认定与银行授信',
    subtitle: '共债共签、用途审查与婚姻变动风险',
    subject: 'civil',
    lecturer: 'ouyang',
    level: 2,
    media: 2,
    price: 6900,
    vip_price: 4900,
    duration: '47:25',
    learners: 3370,
    published_days_ago: 290,
    tags: ['民法典合同编', '金融借款纠纷'],
    detail: detail({
      intro:
        '个人经营贷款和消费贷款中，配偶是否承担连带还款责任常常成为诉讼焦点。本课程讲解民法典关于夫妻共同债务的认定规则，分析“共债共签”、家庭日常生活需要和共同生产经营三种认定路径，并就授信调查、合同签署和离婚析产中的财产保全提出风险防控建议。',
      points: [
        '夫妻共同债务的三种认定路径',
        '共债共签的操作要求',
        '借款用途的举证责任',
        '离婚与财产分割对银行债权的影响',
      ],
      audience: '个人信贷、小微企业信贷客户经理及法律事务人员。',
      basis: '《中华人民共和国民法典》婚姻家庭编、《最高人民法院关于适用〈中华人民共和国民法典〉婚姻家庭编的解释（一）》。',
    }),
  },

  // ── 金融监管政策解读 ───────────────────────────────────────────────────────────────────
  {
    key: 'policy-annual',
    name: '年度金融监管政策回顾与展望',
    subtitle: '一小时看懂一年的监管主线',
    subject: 'policy',
    lecturer: 'tang',
    level: 1,
    media: 1,
    price: 0,
    duration: '61:40',
    learners: 4820,
    published_days_ago: 10,
    tags: ['监管处罚', '公司治理'],
    detail: detail({
      intro:
        '本课程按照公司治理、风险管理、业务规范和消费者保护四条主线，梳理过去一年金融监管部门发布的主要规章和规范性文件，解读监管检查和行政处罚反映出的关注重点，并对下一年度可能出台的政策方向进行展望，帮助管理者把握合规工作的优先次序。',
      points: [
        '年度重要监管规章与规范性文件',
        '监管检查与处罚的主要领域',
        '机构合规管理的重点调整',
        '下一年度政策展望',
      ],
      audience: '银行中高级管理人员、合规与风险管理部门负责人。',
      basis: '《中华人民共和国银行业监督管理法》《中华人民共和国商业银行法》及年度内发布的监管规章。',
    }),
  },
  {
    key: 'capital-rules',
    name: '《商业银行资本管理办法》实施要点',
    subtitle: '差异化资本监管与风险加权资产计量',
    subject: 'policy',
    lecturer: 'tang',
    level: 3,
    media: 1,
    price: 35900,
    vip_price: 25900,
    original_price: 39900,
    chapter_price: 7900,
    free_trial_chapters: 1,
    chapters: [
      ['第1讲 资本新规的框架与分档监管', '45:30'],
      ['第2讲 信用风险权重法的主要变化', '48:15'],
      ['第3讲 市场风险与操作风险的计量', '46:40'],
      ['第4讲 资本充足率计算与信息披露', '42:20'],
      ['第5讲 第二支柱与内部资本充足评估', '44:05'],
      ['第6讲 资本新规对业务结构的影响', '40:50'],
    ],
    learners: 1390,
    published_days_ago: 405,
    tags: ['公司治理', '内控合规'],
    detail: detail({
      intro:
        '《商业银行资本管理办法》自2024年1月1日起施行，构建了差异化的资本监管体系，全面修订了信用风险、市场风险和操作风险的计量规则。本系列课程解读资本新规的主要内容，分析风险权重变化对各类业务定价和结构调整的影响，并介绍第三支柱信息披露要求的落地方法。',
      points: [
        '银行分档标准与差异化监管要求',
        '信用风险权重法的主要调整',
        '操作风险标准法的计量',
        '信息披露的模板与频率',
      ],
      audience: '计划财务、风险管理、资产负债管理部门人员及分管领导。',
      basis: '《商业银行资本管理办法》《中华人民共和国商业银行法》。',
    }),
  },
  {
    key: 'risk-disposal',
    name: '金融风险处置与早期纠正机制',
    subtitle: '从监管措施到风险处置的制度演进',
    subject: 'policy',
    lecturer: 'tang',
    level: 3,
    media: 2,
    price: 9900,
    vip_price: 6900,
    duration: '58:05',
    learners: 1760,
    published_days_ago: 205,
    tags: ['公司治理', '监管处罚'],
    detail: detail({
      intro:
        '中小银行风险处置是近年金融监管的重要议题。本课程梳理早期纠正、接管、重组、撤销和破产等风险处置工具的法律依据，介绍存款保险基金在风险处置中的作用，并结合金融稳定立法的最新进展，分析股东、高管和债权人在风险处置中的法律地位与责任。',
      points: [
        '早期纠正措施的触发条件',
        '接管、重组与撤销的程序',
        '存款保险的风险处置职能',
        '风险处置中的责任追究',
      ],
      audience: '银行董事、监事和高级管理人员，以及研究金融监管的法律人士。',
      basis: '《中华人民共和国商业银行法》《中华人民共和国银行业监督管理法》《存款保险条例》《中华人民共和国金融稳定法（草案）》。',
    }),
  },
] as const satisfies readonly CourseInput[];

export type CourseKey = (typeof COURSE_INPUTS)[number]['key'];

const SUBJECT_COVER = new Map(SUBJECTS.map((s) => [s.key, s.cover]));

function resolveCourse(c: CourseInput, index: number): CourseSeed {
  const chapters: ChapterSeed[] = (c.chapters ?? []).map(([title, duration], i) => {
    const trial = i < (c.free_trial_chapters ?? 1);
    return {
      title,
      sort: i + 1,
      duration_seconds: mmss(duration),
      is_free_trial: trial ? 1 : 0,
      price: trial ? 0 : (c.chapter_price ?? 0),
      status: 1,
    };
  });
  const isSeries = chapters.length > 0;
  const vip = c.vip_price ?? null;
  let duration: number | null;
  if (isSeries) duration = chapters.reduce((sum, ch) => sum + ch.duration_seconds, 0);
  else duration = c.duration == null ? null : mmss(c.duration);
  return {
    key: c.key,
    name: c.name,
    subtitle: c.subtitle,
    cover: SUBJECT_COVER.get(c.subject) ?? '',
    detail: c.detail,
    course_type: isSeries ? 2 : 1,
    course_level: c.level,
    subject: c.subject,
    lecturer: c.lecturer,
    media_type: c.media,
    price: c.price,
    vip_price: vip,
    original_price: c.original_price ?? c.price,
    is_free: c.price === 0 ? 1 : 0,
    member_free: vip === 0 ? 1 : 0,
    home_list_type: c.home ?? null,
    activity_type: c.activity ?? 0,
    enroll: c.enroll ?? null,
    corporate: c.corporate ?? null,
    status: c.status ?? 1,
    duration_seconds: duration,
    native_only: c.native_only ? 1 : 0,
    needs_verified_profile: c.needs_verified_profile ? 1 : 0,
    learners_count: c.learners,
    // Listed order is the curated order; a higher sort shows first.
    sort: COURSE_INPUTS.length - index,
    published_days_ago: c.published_days_ago,
    tags: c.tags,
    chapters,
  };
}

export const COURSES: readonly CourseSeed[] = COURSE_INPUTS.map((c, i) => resolveCourse(c, i));
