/**
 * The demo learners' orders over the last six weeks (issue 13): courses, single chapters,
 * columns and memberships; paid, left unpaid until they closed, and refunded. Refund requests
 * ride on the paid order they ask about (waiting for finance, approved — the order then refunded
 * through decision 015's refund row — or refused), and the payment anomalies on the order whose
 * notification was wrong. Amounts are not written here: the seeder prices every order from the
 * catalogue as checkout does (the course's price, a member's VIP price, the chapter's, the
 * column's, the plan's). Times are relative to the moment the seed runs (common.ts).
 */
import type { ActivityTime } from './common.ts';
import type { ColumnKey } from './columns.ts';
import type { CourseKey } from './courses.ts';
import { demoLearner } from './learners.ts';

/** What an order buys: a whole course, one chapter (course and chapter sort), a column, a membership plan (by code). */
export type DemoPurchase = { course: CourseKey } | { chapter: readonly [CourseKey, number] } | { column: ColumnKey } | { plan: string };

export interface DemoRefundSeed {
  requested: ActivityTime;
  /** The learner's words. */
  reason: string;
  /** Absent: still waiting for finance. */
  decision?: { decided: ActivityTime; approve: boolean; reason: string };
}

export interface DemoAnomalySeed {
  /** Which check of decision 019 the notification failed. */
  kind: 'amount' | 'currency' | 'appid' | 'mchid';
  /** What the notification said, where it differs from what was expected. */
  received: { amountFen?: number; currency?: string; appid?: string; mchid?: string };
  /** Minutes after the order was placed. */
  after_minutes: number;
}

export interface DemoOrderSeed {
  /** A demo learner's mobile (learners.ts). */
  learner: string;
  buys: DemoPurchase;
  placed: ActivityTime;
  /** paid: the learner paid within minutes; closed: never paid, closed when it expired (30 min). */
  outcome: 'paid' | 'closed';
  refund?: DemoRefundSeed;
  /** A notification for this (closed) order that did not match it: recorded, granted nothing. */
  anomaly?: DemoAnomalySeed;
}

const L = demoLearner;

export const DEMO_ORDERS: readonly DemoOrderSeed[] = [
  // 吴佳琪, 法务经理
  { learner: L(6), buys: { course: 'guarantee-contract-drafting' }, placed: '40d 20:15', outcome: 'paid' },
  { learner: L(6), buys: { column: 'guarantee' }, placed: '33d 21:02', outcome: 'paid' },
  { learner: L(6), buys: { course: 'npl-transfer' }, placed: '8d 20:45', outcome: 'paid' },
  // 郑凯, 风险经理
  { learner: L(7), buys: { course: 'penalty-review' }, placed: '39d 09:05', outcome: 'paid' },
  { learner: L(7), buys: { course: 'related-party' }, placed: '25d 12:40', outcome: 'closed' },
  { learner: L(7), buys: { course: 'related-party' }, placed: '25d 13:25', outcome: 'paid' },
  {
    learner: L(7),
    buys: { course: 'capital-rules' },
    placed: '6d 21:10',
    outcome: 'paid',
    refund: { requested: '2d 10:20', reason: '分行已统一采购该课程，个人重复购买，申请退款' },
  },
  { learner: L(7), buys: { course: 'risk-disposal' }, placed: '1d 12:45', outcome: 'paid' },
  // 何思远, 合规总监: a yearly member, then a course at the VIP price
  { learner: L(8), buys: { plan: 'basic-year' }, placed: '36d 22:20', outcome: 'paid' },
  { learner: L(8), buys: { course: 'related-party' }, placed: '28d 21:30', outcome: 'paid' },
  // 罗静怡, 理财经理
  { learner: L(9), buys: { course: 'consumer-measures' }, placed: '33d 12:50', outcome: 'paid' },
  { learner: L(9), buys: { course: 'collection-compliance' }, placed: '18d 20:30', outcome: 'paid' },
  { learner: L(9), buys: { course: 'marketing-rules' }, placed: '18d 21:00', outcome: 'paid' },
  {
    learner: L(9),
    buys: { course: 'pipl-banking' },
    placed: '10d 13:05',
    outcome: 'paid',
    refund: {
      requested: '9d 09:40',
      reason: '误购，所在岗位不涉及个人信息处理业务，申请退款',
      decision: { decided: '8d 15:00', approve: true, reason: '购买未满7日且学习进度不足10%，同意全额退款' },
    },
  },
  // 谢宇航, 催收合规主管: the whole series left unpaid, then chapter by chapter
  { learner: L(10), buys: { course: 'collection-compliance' }, placed: '30d 20:30', outcome: 'paid' },
  { learner: L(10), buys: { course: 'loan-dispute' }, placed: '22d 21:15', outcome: 'closed' },
  {
    learner: L(10),
    buys: { chapter: ['loan-dispute', 3] },
    placed: '22d 21:40',
    outcome: 'paid',
    refund: {
      requested: '13d 10:00',
      reason: '本讲内容与预期不符，希望退款',
      decision: { decided: '12d 16:10', approve: false, reason: '该讲已完整学习且购买已超过7日，不符合《课程退款规则》的退款条件' },
    },
  },
  { learner: L(10), buys: { chapter: ['loan-dispute', 4] }, placed: '15d 20:05', outcome: 'paid' },
  // 韩雪, 客户经理
  { learner: L(11), buys: { course: 'aml-law' }, placed: '27d 08:30', outcome: 'paid' },
  { learner: L(11), buys: { course: 'beneficial-owner' }, placed: '26d 19:45', outcome: 'paid' },
  {
    learner: L(11),
    buys: { course: 'str-writing' },
    placed: '20d 12:10',
    outcome: 'paid',
    refund: {
      requested: '12d 09:30',
      reason: '课程案例以证券行业为主，与银行业务关联不大',
      decision: { decided: '11d 15:20', approve: false, reason: '课程已学习完成，不符合《课程退款规则》第三条的退款条件' },
    },
  },
  { learner: L(11), buys: { course: 'penalty-review' }, placed: '4d 08:20', outcome: 'paid' },
  // 曹文博, 清收专员
  { learner: L(12), buys: { column: 'npl-litigation' }, placed: '24d 22:50', outcome: 'paid' },
  {
    learner: L(12),
    buys: { course: 'capital-rules' },
    placed: '7d 22:10',
    outcome: 'paid',
    refund: { requested: '1d 20:00', reason: '部门已组织同主题线下培训，内容重复，申请退款' },
  },
  // 邓雅婷, 反洗钱分析师
  { learner: L(13), buys: { column: 'aml-practice' }, placed: '20d 13:30', outcome: 'closed' },
  { learner: L(13), buys: { column: 'aml-practice' }, placed: '20d 14:05', outcome: 'paid' },
  { learner: L(13), buys: { column: 'data-compliance' }, placed: '8d 12:30', outcome: 'paid' },
  // 许志强, 信贷主管
  { learner: L(14), buys: { course: 'interest-limits' }, placed: '16d 20:00', outcome: 'paid' },
  {
    learner: L(14),
    buys: { course: 'marital-debt' },
    placed: '16d 20:05',
    outcome: 'paid',
    refund: {
      requested: '15d 09:10',
      reason: '误购，实际需要的是《民法典合同编与银行格式条款》',
      decision: { decided: '14d 16:30', approve: true, reason: '核实为误购且未学习，同意全额退款' },
    },
  },
  { learner: L(14), buys: { course: 'civil-code-contracts' }, placed: '14d 17:05', outcome: 'paid' },
  { learner: L(14), buys: { course: 'guarantee-contract-drafting' }, placed: '6h', outcome: 'paid' },
  // 冯佳怡, 运营主管: a monthly member
  { learner: L(15), buys: { plan: 'basic-month' }, placed: '13d 09:00', outcome: 'paid' },
  // 彭博文, 法务专员
  { learner: L(16), buys: { plan: 'basic-year' }, placed: '9d 21:30', outcome: 'closed' },
  { learner: L(16), buys: { course: 'debt-restructuring' }, placed: '9d 21:40', outcome: 'paid' },
  {
    learner: L(16),
    buys: { course: 'data-grading' },
    placed: '3d 20:20',
    outcome: 'paid',
    refund: { requested: '1d 10:05', reason: '单位培训计划调整，该课程暂不需要，申请退款' },
  },
  // 蒋欣然, 内控专员
  { learner: L(17), buys: { course: 'consumer-measures' }, placed: '5d 12:30', outcome: 'paid' },
  { learner: L(17), buys: { course: 'complaint-handling' }, placed: '4d 19:10', outcome: 'paid' },
  { learner: L(17), buys: { plan: 'basic-year' }, placed: '2d 20:40', outcome: 'closed' },
  // 钱振宇 (since locked)
  { learner: L(25), buys: { course: 'str-writing' }, placed: '31d 20:00', outcome: 'paid' },
  { learner: L(25), buys: { course: 'loan-dispute' }, placed: '33d 19:00', outcome: 'paid' },
  // Waiting for review: ordinary courses need no verified profile.
  { learner: L(1), buys: { course: 'related-party' }, placed: '1d 21:30', outcome: 'closed' },
  { learner: L(1), buys: { course: 'bill-recourse' }, placed: '1h', outcome: 'paid' },
  {
    learner: L(2),
    buys: { course: 'compliance-measures' },
    placed: '5d 10:15',
    outcome: 'paid',
    refund: { requested: '3h', reason: '误购整套课程，实际只需要第三、四讲，申请退款后按章节购买' },
  },
  { learner: L(3), buys: { chapter: ['compliance-measures', 3] }, placed: '18h', outcome: 'closed' },
  { learner: L(3), buys: { chapter: ['compliance-measures', 3] }, placed: '17h', outcome: 'paid' },
  { learner: L(4), buys: { course: 'enforcement-objection' }, placed: '11d 22:00', outcome: 'paid' },
  { learner: L(5), buys: { course: 'consumer-measures' }, placed: '2d 21:00', outcome: 'paid' },
  // Failed review
  {
    learner: L(18),
    buys: { course: 'related-party' },
    placed: '21d 16:00',
    outcome: 'closed',
    anomaly: { kind: 'amount', received: { amountFen: 1 }, after_minutes: 4 },
  },
  { learner: L(19), buys: { course: 'account-management' }, placed: '14d 20:20', outcome: 'paid' },
  {
    learner: L(20),
    buys: { plan: 'basic-month' },
    placed: '7d 10:30',
    outcome: 'paid',
    refund: {
      requested: '6d 09:00',
      reason: '开通后得知单位已购买企业会员，重复开通，申请退款',
      decision: { decided: '5d 14:00', approve: true, reason: '核实为重复开通，同意全额退款' },
    },
  },
  {
    learner: L(21),
    buys: { course: 'data-export' },
    placed: '3d 11:00',
    outcome: 'closed',
    anomaly: { kind: 'currency', received: { currency: 'HKD' }, after_minutes: 6 },
  },
  // Never submitted a profile
  { learner: L(22), buys: { course: 'pipl-banking' }, placed: '10d 23:30', outcome: 'closed' },
];

/** Notifications for orders we never placed (a misconfigured merchant): no order to attach to. */
export const DEMO_STRAY_ANOMALIES: ReadonlyArray<{ kind: 'appid' | 'mchid'; received: { appid: string; mchid: string; amountFen: number }; at: ActivityTime }> = [
  { kind: 'mchid', received: { appid: 'sandbox', mchid: '1900006511', amountFen: 29900 }, at: '16d 02:14' },
];
