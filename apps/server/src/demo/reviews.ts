/**
 * Demo appraisals and comments by preset users on popular courses, so course pages are not empty.
 * Their authors also appear among the course's learners.
 */
import type { ActivityTime } from './common.ts';
import type { CourseKey } from './courses.ts';
import { demoLearner } from './learners.ts';

export interface AppraisalSeed {
  course: CourseKey;
  /** A preset user's mobile. */
  user: string;
  score: 1 | 2 | 3 | 4 | 5;
  content: string;
  days_ago: number;
}

export const APPRAISALS: readonly AppraisalSeed[] = [
  { course: 'aml-law', user: '13800000002', score: 5, content: '逐条对照新旧条文讲解，受益所有人和特别预防措施两部分讲得特别透，合规部同事都推荐。', days_ago: 12 },
  { course: 'aml-law', user: '13800000001', score: 5, content: '作为客户经理终于搞明白了尽调要留存哪些材料，案例很贴近一线。', days_ago: 9 },
  { course: 'aml-law', user: '13800000003', score: 4, content: '内容扎实，希望后续能补充农商行场景下的操作细节。', days_ago: 4 },
  { course: 'civil-code-series', user: '13800000001', score: 5, content: '把合同编和担保制度串起来讲，章节安排很合理，适合系统学习。', days_ago: 20 },
  { course: 'civil-code-series', user: '13800000007', score: 4, content: '讲得很清楚，就是章节有点多，需要花时间坚持学完。', days_ago: 6 },
  { course: 'compliance-basics', user: '13800000004', score: 5, content: '新员工入职第一课，三道防线的比喻很好理解。', days_ago: 2 },
  { course: 'compliance-basics', user: '13800000002', score: 4, content: '入门足够了，进阶内容可以看合规管理办法那门课。', days_ago: 30 },
  { course: 'account-management', user: '13800000003', score: 5, content: '账户分类分级和开户审核的要点讲得很细，柜面同事很受用。', days_ago: 15 },
  { course: 'litigation-basics', user: '13800000001', score: 4, content: '从起诉到执行的流程图很实用，打印出来贴在工位上了。', days_ago: 8 },
  { course: 'ecds-basics', user: '13800000007', score: 5, content: '电子票据的背书和追索规则讲得很清楚，配合案例容易记住。', days_ago: 11 },
];

export interface CommentSeed {
  course: CourseKey;
  user: string;
  content: string;
  days_ago: number;
}

export const COMMENTS: readonly CommentSeed[] = [
  { course: 'aml-law', user: '13800000001', content: '请问老师，个体工商户的受益所有人也需要按新规识别吗？', days_ago: 9 },
  { course: 'aml-law', user: '13800000002', content: '楼上可以看第三部分，讲了个体工商户的简化处理。', days_ago: 8 },
  { course: 'aml-law', user: '13800000003', content: '已分享给支行同事，大家一起学习。', days_ago: 3 },
  { course: 'civil-code-series', user: '13800000007', content: '第四讲里关于格式条款提示义务的部分，正好是我们最近合同修订的重点。', days_ago: 5 },
  { course: 'civil-code-series', user: '13800000001', content: '打卡第六讲，笔记已整理。', days_ago: 2 },
  { course: 'compliance-basics', user: '13800000004', content: '入职培训推荐的课程，讲得通俗易懂。', days_ago: 1 },
  { course: 'account-management', user: '13800000002', content: '希望再出一期关于单位账户年检的内容。', days_ago: 14 },
  { course: 'litigation-basics', user: '13800000003', content: '诉前保全那一段很有用，我们分行正在处理类似案件。', days_ago: 7 },
  { course: 'ecds-basics', user: '13800000001', content: '对比纸质票据的表格总结得很好。', days_ago: 10 },
];

export interface LearnerReviewSeed {
  course: CourseKey;
  /** A demo learner's mobile (learners.ts); they studied the course (learning.ts). */
  user: string;
  at: ActivityTime;
  /** Hidden by a reviewer, and why (issue 13's moderation). */
  hidden?: { at: ActivityTime; reason: string };
}

const L = demoLearner;

/** The demo learners' appraisals of what they studied (issue 13), a few hidden by a reviewer. */
export const LEARNER_APPRAISALS: ReadonlyArray<LearnerReviewSeed & { score: 1 | 2 | 3 | 4 | 5; content: string }> = [
  { course: 'guarantee-interpretation', user: L(6), score: 5, content: '担保制度解释逐条讲到了非典型担保和保证期间，结合了最高法的典型案例，法务部门必听。', at: '13d 22:05' },
  { course: 'penalty-review', user: L(7), score: 4, content: '案例选得很有代表性，授信“三查”不到位被罚的几个案子值得每个客户经理看看。', at: '37d 08:40' },
  { course: 'civil-code-series', user: L(8), score: 5, content: '十讲下来体系很完整，第七讲居间和委托合同对代销业务很有启发。', at: '9d 23:10' },
  { course: 'collection-compliance', user: L(9), score: 4, content: '催收话术的红线讲得清楚，建议补充委外催收机构管理的内容。', at: '17d 21:45' },
  { course: 'str-writing', user: L(11), score: 3, content: '甄别思路不错，但案例以证券为主，银行柜面场景偏少。', at: '18d 21:50' },
  { course: 'loan-dispute', user: L(12), score: 5, content: '从管辖、诉讼时效到执行的全流程梳理，对清收岗位非常实用。', at: '16d 22:20' },
  { course: 'aml-cdd', user: L(13), score: 5, content: '尽调流程配合表单讲解，强化尽调的触发情形总结得很到位。', at: '11d 21:20' },
  { course: 'debt-restructuring', user: L(16), score: 4, content: '预重整部分讲得很细，债委会运作的案例很有参考价值。', at: '2d 22:50' },
  { course: 'complaint-handling', user: L(17), score: 5, content: '投诉分级处理和多元化解机制讲得透彻，马上用在了网点培训里。', at: '1d 21:05' },
  {
    course: 'consumer-measures',
    user: L(5),
    score: 1,
    content: '加微信领取全套银行合规培训资料，内部渠道价格更低，需要的私聊。',
    at: '2d 22:00',
    hidden: { at: '1d 09:30', reason: '含广告及站外引流信息' },
  },
  {
    course: 'capital-rules',
    user: L(7),
    score: 2,
    content: '讲课的就是个外行，浪费钱，骗子课程！！！',
    at: '4d 08:45',
    hidden: { at: '3d 10:20', reason: '含人身攻击等不文明用语' },
  },
];

/** The demo learners' comments (issue 13), a few hidden by a reviewer. */
export const LEARNER_COMMENTS: ReadonlyArray<LearnerReviewSeed & { content: string }> = [
  { course: 'guarantee-interpretation', user: L(6), content: '第五讲讲到的最高额抵押债权确定，正好是我们最近遇到的问题。', at: '24d 21:20' },
  { course: 'civil-code-series', user: L(8), content: '请问老师，第三讲提到的格式条款“提示说明义务”，线上签约时弹窗确认是否足够？', at: '26d 22:40' },
  { course: 'loan-dispute', user: L(10), content: '第四讲关于加速到期条款的司法审查很实用，已经整理成笔记了。', at: '14d 21:40' },
  { course: 'aml-cdd', user: L(13), content: '第四讲的非自然人客户穿透识别，建议配合受益所有人那门课一起看。', at: '15d 21:10' },
  { course: 'enforcement-objection', user: L(4), content: '案外人执行异议之诉的举证责任分配讲得很清楚，律所同事也在学。', at: '8d 22:50' },
  { course: 'compliance-measures', user: L(2), content: '合规官的履职保障那一讲，对我们农商行设置首席合规官很有帮助。', at: '3d 21:20' },
  { course: 'debt-restructuring', user: L(16), content: '打卡第三讲。', at: '7d 22:45' },
  {
    course: 'aml-law',
    user: L(11),
    content: '出售各大银行内部合规手册和考试真题，需要的加微信 hgzl_2024。',
    at: '26d 13:00',
    hidden: { at: '25d 09:30', reason: '含广告及个人联系方式' },
  },
  {
    course: 'loan-dispute',
    user: L(25),
    content: '某某支行的张行长就是这样违规放贷的，大家都知道是谁。',
    at: '30d 20:45',
    hidden: { at: '29d 10:05', reason: '涉及他人个人信息及未经证实的指控' },
  },
  {
    course: 'complaint-handling',
    user: L(15),
    content: '有没有人一起团购会员？拼单更便宜，私聊。',
    at: '6d 21:10',
    hidden: { at: '5d 09:40', reason: '与课程内容无关的广告信息' },
  },
];
