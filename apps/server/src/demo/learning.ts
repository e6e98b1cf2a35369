/**
 * What the demo learners listened to over the last six weeks (issue 13), so the console's
 * "学习时长" and each learner's learning record show server-credited time (decision 016).
 * A study is a learner, a course and the times they sat down to it; each sitting plays about
 * `minutes` (varied a little per sitting) through the chapters the learner may play at that
 * moment, in order, from where they left off: the free trials, what they bought (a course, a
 * column's course, a chapter), a member-free course while a member, a free course. A sitting
 * after everything playable is finished is not written. The seeder writes the rows the player's
 * reports would have written (records, progress, per-day seconds, the learner's clock) and
 * refuses a sitting the learner could not have played. Times are relative to the seed (common.ts).
 */
import type { ActivityTime } from './common.ts';
import type { CourseKey } from './courses.ts';
import { demoLearner } from './learners.ts';

export interface DemoStudySeed {
  learner: string;
  course: CourseKey;
  sessions: readonly ActivityTime[];
  minutes: number;
}

const L = demoLearner;

export const DEMO_STUDIES: readonly DemoStudySeed[] = [
  // 吴佳琪: guarantee law, most evenings
  { learner: L(6), course: 'guarantee-contract-drafting', sessions: ['40d 21:00', '39d 20:40'], minutes: 35 },
  { learner: L(6), course: 'guarantee-interpretation', sessions: ['33d 21:30', '31d 21:10', '29d 20:50', '27d 21:05', '24d 20:30', '20d 21:15', '17d 20:45', '13d 21:00'], minutes: 42 },
  { learner: L(6), course: 'interest-limits', sessions: ['10d 12:20', '9d 12:35'], minutes: 30 },
  { learner: L(6), course: 'npl-transfer', sessions: ['8d 21:20', '6d 20:55', '2d 21:10'], minutes: 33 },
  { learner: L(6), course: 'compliance-basics', sessions: ['41d 20:00'], minutes: 25 },
  // 郑凯: on the commute
  { learner: L(7), course: 'penalty-review', sessions: ['39d 18:30', '38d 08:10', '37d 08:05'], minutes: 24 },
  { learner: L(7), course: 'related-party', sessions: ['25d 18:20', '24d 08:15', '21d 08:00', '20d 18:35'], minutes: 22 },
  { learner: L(7), course: 'capital-rules', sessions: ['6d 21:30', '5d 08:05', '4d 08:10'], minutes: 28 },
  { learner: L(7), course: 'risk-disposal', sessions: ['1d 18:40', '2h'], minutes: 26 },
  // 何思远: a yearly member working through the member-free shelf
  { learner: L(8), course: 'aml-law', sessions: ['36d 22:40', '35d 22:10'], minutes: 30 },
  { learner: L(8), course: 'case-prevention', sessions: ['34d 21:50', '33d 22:00'], minutes: 32 },
  { learner: L(8), course: 'civil-code-series', sessions: ['30d 21:40', '28d 22:35', '26d 21:30', '23d 21:45', '19d 22:00', '16d 21:35', '12d 21:50', '9d 22:10', '5d 21:40', '1d 22:00'], minutes: 40 },
  { learner: L(8), course: 'related-party', sessions: ['28d 21:50', '27d 21:40'], minutes: 30 },
  // 罗静怡
  { learner: L(9), course: 'consumer-measures', sessions: ['33d 13:00', '32d 12:40'], minutes: 30 },
  { learner: L(9), course: 'collection-compliance', sessions: ['18d 21:20', '17d 21:00'], minutes: 27 },
  { learner: L(9), course: 'pipl-banking', sessions: ['10d 20:30'], minutes: 4 },
  { learner: L(9), course: 'marketing-consent', sessions: ['7d 12:30', '6d 12:25'], minutes: 22 },
  // 谢宇航: the free trials, then the chapters bought one by one
  { learner: L(10), course: 'collection-compliance', sessions: ['30d 21:00', '29d 20:40'], minutes: 28 },
  { learner: L(10), course: 'loan-dispute', sessions: ['21d 21:00', '20d 21:10', '19d 20:50', '15d 20:30', '14d 20:40'], minutes: 40 },
  { learner: L(10), course: 'litigation-basics', sessions: ['26d 21:30'], minutes: 25 },
  // 韩雪
  { learner: L(11), course: 'aml-law', sessions: ['27d 12:30', '26d 12:20'], minutes: 26 },
  { learner: L(11), course: 'beneficial-owner', sessions: ['25d 20:10', '23d 20:20', '22d 19:55'], minutes: 25 },
  { learner: L(11), course: 'str-writing', sessions: ['19d 20:30', '18d 21:00'], minutes: 30 },
  { learner: L(11), course: 'penalty-review', sessions: ['3d 12:15', '2d 12:30'], minutes: 23 },
  // 曹文博: the NPL column
  { learner: L(12), course: 'loan-dispute', sessions: ['24d 23:10', '23d 21:30', '22d 21:40', '21d 21:20', '18d 21:35', '16d 21:10'], minutes: 45 },
  { learner: L(12), course: 'property-preservation', sessions: ['14d 21:20', '13d 21:05'], minutes: 30 },
  { learner: L(12), course: 'enforcement-objection', sessions: ['11d 21:30', '10d 21:15', '9d 21:40'], minutes: 30 },
  { learner: L(12), course: 'capital-rules', sessions: ['7d 22:30'], minutes: 15 },
  // 邓雅婷: the AML column and the data column
  { learner: L(13), course: 'aml-law', sessions: ['20d 14:30', '19d 12:40'], minutes: 27 },
  { learner: L(13), course: 'aml-cdd', sessions: ['18d 20:00', '17d 20:15', '15d 20:05', '13d 20:30', '11d 20:10'], minutes: 45 },
  { learner: L(13), course: 'sanctions', sessions: ['10d 12:30'], minutes: 35 },
  { learner: L(13), course: 'pipl-banking', sessions: ['8d 13:00', '7d 12:50'], minutes: 28 },
  { learner: L(13), course: 'data-export', sessions: ['5d 20:20', '4d 20:40', '2d 20:30'], minutes: 38 },
  // 许志强
  { learner: L(14), course: 'interest-limits', sessions: ['16d 20:30', '15d 20:10'], minutes: 29 },
  { learner: L(14), course: 'civil-code-contracts', sessions: ['14d 20:00', '12d 20:20', '10d 20:05'], minutes: 26 },
  { learner: L(14), course: 'ecds-basics', sessions: ['11d 12:40'], minutes: 30 },
  { learner: L(14), course: 'guarantee-contract-drafting', sessions: ['5h'], minutes: 30 },
  // 冯佳怡: a monthly member
  { learner: L(15), course: 'account-management', sessions: ['13d 09:20', '12d 12:30'], minutes: 25 },
  { learner: L(15), course: 'complaint-handling', sessions: ['11d 20:00', '9d 20:30', '6d 20:15', '3d 20:40'], minutes: 35 },
  // 彭博文
  { learner: L(16), course: 'debt-restructuring', sessions: ['9d 22:00', '8d 21:30', '7d 21:50', '5d 22:05', '2d 21:45'], minutes: 40 },
  { learner: L(16), course: 'data-grading', sessions: ['3d 20:40'], minutes: 12 },
  // 蒋欣然
  { learner: L(17), course: 'consumer-measures', sessions: ['5d 13:00', '4d 12:40'], minutes: 30 },
  { learner: L(17), course: 'complaint-handling', sessions: ['4d 19:30', '3d 19:50', '1d 20:10'], minutes: 35 },
  // 钱振宇 (before the lock)
  { learner: L(25), course: 'loan-dispute', sessions: ['33d 19:30', '32d 20:00', '30d 19:45'], minutes: 40 },
  { learner: L(25), course: 'str-writing', sessions: ['31d 20:30'], minutes: 30 },
  // The waiting ones study what needs no review.
  { learner: L(2), course: 'compliance-measures', sessions: ['5d 10:40', '4d 21:00', '3d 20:30', '1d 21:15'], minutes: 36 },
  { learner: L(3), course: 'compliance-measures', sessions: ['16h'], minutes: 30 },
  { learner: L(4), course: 'enforcement-objection', sessions: ['11d 22:30', '8d 22:00'], minutes: 34 },
  { learner: L(5), course: 'consumer-measures', sessions: ['2d 21:20', '1d 21:30'], minutes: 28 },
  { learner: L(1), course: 'compliance-basics', sessions: ['1d 12:10'], minutes: 20 },
  { learner: L(19), course: 'account-management', sessions: ['14d 20:40', '13d 21:00'], minutes: 24 },
  { learner: L(23), course: 'policy-annual', sessions: ['1d 08:20'], minutes: 18 },
];
