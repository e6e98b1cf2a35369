/**
 * What every demo data file shares: where its images are served from and the clock it is
 * anchored to. Rows refer to each other by `key`; the seeder (seeder.ts) turns keys into
 * generated ids. Times are relative ("days ago") so the seed can be anchored to any `now`;
 * SEED_BASE_TIME keeps it deterministic. All people and institutions in demo/ are fictional.
 */

/** The server maps apps/server/assets/ to this URL prefix. */
export const ASSET_URL_PREFIX = '/assets/static/';

export function assetUrl(file: string): string {
  return `${ASSET_URL_PREFIX}${file}`;
}

/** "Now" for a deterministic seed: 2026-11-01 00:00 Beijing time. */
export const SEED_BASE_TIME = Date.parse('2026-11-01T00:00:00+08:00');
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

/**
 * When something in the console's demo activity happened (learners, orders, refunds, reviews,
 * listening — issue 13), relative to the moment the seed runs rather than SEED_BASE_TIME, so that
 * a first start shows it inside the dashboard's last 30 days: `'12d 20:30'` is 20:30 Beijing time
 * twelve calendar days before that moment's day (at least one day back, so never in the future),
 * `'5h'` is five hours before it.
 */
export type ActivityTime = `${number}d ${number}:${number}` | `${number}h`;

const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;

/** The instant `at` names, counted back from `anchor` (ms). Throws on a malformed or future time. */
export function activityAt(at: ActivityTime, anchor: number): number {
  const hours = /^(\d+)h$/.exec(at);
  if (hours) return anchor - Number(hours[1]) * HOUR_MS;
  const day = /^(\d+)d (\d{2}):(\d{2})$/.exec(at);
  if (!day || Number(day[1]) < 1 || Number(day[2]) > 23 || Number(day[3]) > 59) throw new Error(`demo: bad activity time ${at}`);
  const midnight = Math.floor((anchor + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
  return midnight - Number(day[1]) * DAY_MS + Number(day[2]) * HOUR_MS + Number(day[3]) * 60_000;
}

/** The profile every demo person (preset user or console learner) carries. */
export interface DemoPersonSeed {
  /** Unique: presets and demo learners each keep their own range (tests use 138/139/137…). */
  mobile: string;
  name: string;
  nickname: string;
  email: string;
  company: string;
  department: string;
  position: string;
}
