/**
 * Demo appraisals and comments by preset users on popular courses, so course pages are not empty.
 * Their authors also appear among the course's learners.
 */
import type { CourseKey } from './courses.ts';

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
