/**
 * Demo lives (直播), anchored to the moment the seed runs, not SEED_BASE_TIME, so a fresh demo
 * always has one class on air, a fortnight of upcoming ones and a few replays.
 */
import { assetUrl } from './common.ts';
import type { LecturerKey } from './lecturers.ts';

export interface LiveSeed {
  title: string;
  lecturer: LecturerKey;
  cover: string;
  /** Minutes from the seed's live anchor to the start; negative for past lives. */
  starts_in_minutes: number;
  duration_minutes: number;
  /** Fen. */
  price: number;
  signup_count: number;
  has_replay: 0 | 1;
}

const HOURS = 60;

export const LIVES: readonly LiveSeed[] = [
  {
    title: '执行异议之诉的审理要点与银行应对',
    lecturer: 'sun',
    cover: assetUrl('covers/subject-5.svg'),
    starts_in_minutes: -40,
    duration_minutes: 120,
    price: 0,
    signup_count: 1268,
    has_replay: 1,
  },
  {
    title: '新《反洗钱法》下的客户尽职调查实操',
    lecturer: 'lin',
    cover: assetUrl('covers/subject-2.svg'),
    starts_in_minutes: 26 * HOURS,
    duration_minutes: 90,
    price: 0,
    signup_count: 842,
    has_replay: 1,
  },
  {
    title: '担保制度司法解释：非典型担保的认定与实现',
    lecturer: 'ouyang',
    cover: assetUrl('covers/subject-4.svg'),
    starts_in_minutes: 74 * HOURS,
    duration_minutes: 120,
    price: 9900,
    signup_count: 356,
    has_replay: 1,
  },
  {
    title: '个人信息出境合规：标准合同、认证与安全评估',
    lecturer: 'he',
    cover: assetUrl('covers/subject-6.svg'),
    starts_in_minutes: 146 * HOURS,
    duration_minutes: 90,
    price: 4900,
    signup_count: 215,
    has_replay: 1,
  },
  {
    title: '金融消费者投诉处理与监管评价要点',
    lecturer: 'zheng',
    cover: assetUrl('covers/subject-7.svg'),
    starts_in_minutes: 266 * HOURS,
    duration_minutes: 90,
    price: 0,
    signup_count: 97,
    has_replay: 0,
  },
  {
    title: '票据追索权纠纷的裁判规则与风险防范',
    lecturer: 'chen',
    cover: assetUrl('covers/subject-3.svg'),
    starts_in_minutes: -70 * HOURS,
    duration_minutes: 120,
    price: 0,
    signup_count: 1530,
    has_replay: 1,
  },
  {
    title: '不良资产批量转让中的法律风险识别',
    lecturer: 'sima',
    cover: assetUrl('covers/subject-4.svg'),
    starts_in_minutes: -214 * HOURS,
    duration_minutes: 90,
    price: 9900,
    signup_count: 624,
    has_replay: 1,
  },
  {
    title: '年中回顾：金融监管政策要点与下半年展望',
    lecturer: 'tang',
    cover: assetUrl('covers/subject-9.svg'),
    starts_in_minutes: -382 * HOURS,
    duration_minutes: 90,
    price: 0,
    signup_count: 2210,
    has_replay: 0,
  },
];
