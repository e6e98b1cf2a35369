/**
 * Figures for the record pages, from the server's per-day buckets (Asia/Shanghai days,
 * decision 011). Pure: every helper takes "now" from the caller.
 */
import type { ListenBucket } from '@jinfa/shared/learning-record-schemas';

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** 'YYYY-MM-DD' of an instant in China time (the server's day), whatever the phone's zone. */
export function chinaDay(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Monday of the week holding `day` (weeks start on Monday, spec §9). */
export function mondayOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  return addDays(day, -((new Date(t).getUTCDay() + 6) % 7));
}

export interface ChartBar {
  key: string;
  label: string;
  minutes: number;
  /** Highlighted (today, this week). */
  current?: boolean;
}

export function perDayMap(buckets: readonly ListenBucket[] | undefined): Map<string, number> {
  return new Map((buckets ?? []).map((b) => [b.key, b.seconds]));
}

const minutesOf = (seconds: number) => Math.round(seconds / 6) / 10;
const WEEKDAY = ['日', '一', '二', '三', '四', '五', '六'];

/** The last `n` days up to today, oldest first. */
export function lastDays(perDay: ReadonlyMap<string, number>, now: number, n: number): ChartBar[] {
  const today = chinaDay(now);
  return Array.from({ length: n }, (_, i) => {
    const key = addDays(today, i - n + 1);
    const weekday = new Date(`${key}T00:00:00Z`).getUTCDay();
    return { key, label: i === n - 1 ? '今天' : `周${WEEKDAY[weekday]}`, minutes: minutesOf(perDay.get(key) ?? 0), current: i === n - 1 };
  });
}

/** The last `n` Monday-first weeks up to this one, oldest first. */
export function lastWeeks(perDay: ReadonlyMap<string, number>, now: number, n: number): ChartBar[] {
  const thisMonday = mondayOf(chinaDay(now));
  return Array.from({ length: n }, (_, i) => {
    const monday = addDays(thisMonday, (i - n + 1) * 7);
    let seconds = 0;
    for (let d = 0; d < 7; d++) seconds += perDay.get(addDays(monday, d)) ?? 0;
    const label = i === n - 1 ? '本周' : `${Number(monday.slice(5, 7))}/${Number(monday.slice(8, 10))}`;
    return { key: monday, label, minutes: minutesOf(seconds), current: i === n - 1 };
  });
}

/** Minutes on the day, this week (Monday first) and the days in a row up to today. */
export function recentTotals(perDay: ReadonlyMap<string, number>, now: number): { today: number; week: number; streak: number } {
  const today = chinaDay(now);
  const monday = mondayOf(today);
  let week = 0;
  for (let d = monday; d <= today; d = addDays(d, 1)) week += perDay.get(d) ?? 0;
  let streak = 0;
  // A streak still counts when today has no listening yet: it runs up to yesterday.
  let d = (perDay.get(today) ?? 0) > 0 ? today : addDays(today, -1);
  while ((perDay.get(d) ?? 0) > 0) {
    streak += 1;
    d = addDays(d, -1);
  }
  return { today: minutesOf(perDay.get(today) ?? 0), week: minutesOf(week), streak };
}

/** 45 → "45", 12.5 → "12.5", 135 → "2小时15分" for headline figures. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)}分钟`;
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return m ? `${h}小时${m}分` : `${h}小时`;
}

/** "02:05" / "1:02:05" for a playhead. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
