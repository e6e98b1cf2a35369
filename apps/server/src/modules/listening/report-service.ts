/**
 * The learner's listening report (by year, month, Monday-first week or day), its CSV export —
 * the evidence compliance training asks for — and their share statistics. All figures come from
 * `listen_day` (seconds actually played, by Asia/Shanghai day; decision 011).
 */
import type { ListenBucket, ListenReport, ShareStats } from '@jinfa/shared';
import type { UserRow } from '../../db/schema.ts';
import { findCardsByIds } from '../courses/course-card-repository.ts';
import { toCourseCard } from '../courses/course-card.ts';
import { maskMobile } from '../../lib/mask.ts';
import type { Db } from '../../db/conn.ts';
import { countCoursesBetween, countSharedCourses, exportRows, secondsByCourse, secondsByDay, secondsBySubject, sharesByCourse, shareTotals } from './listening-repository.ts';
import { DAY_MS, shanghaiDay, shanghaiDayStart } from './progress-accounting.ts';
import { toMinutes } from './listening-service.ts';

export const DateType = { MONTH: 1, WEEK: 2, DAY: 3 } as const;
const TOP = 5;

export function currentYear(now: number): number {
  return Number(shanghaiDay(now).slice(0, 4));
}

/** Every day of a year, 'YYYY-MM-DD'. */
export function daysOfYear(year: number): string[] {
  const out: string[] = [];
  for (let t = Date.UTC(year, 0, 1); new Date(t).getUTCFullYear() === year; t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** Monday of the (Monday-first) week holding `day`. */
export function mondayOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(t).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(t - weekday * DAY_MS).toISOString().slice(0, 10);
}

/** The longest run of consecutive active days (sorted 'YYYY-MM-DD' list). */
export function longestStreak(days: readonly string[]): number {
  let best = 0;
  let run = 0;
  let prev = -Infinity;
  for (const d of days) {
    const t = Date.parse(`${d}T00:00:00Z`);
    run = t - prev === DAY_MS ? run + 1 : 1;
    best = Math.max(best, run);
    prev = t;
  }
  return best;
}

/** Buckets of the year: 12 months, the weeks (clipped to the year, keyed by their Monday) or every day. */
export function bucketize(year: number, dateType: number, perDay: ReadonlyMap<string, number>): ListenBucket[] {
  const buckets = new Map<string, ListenBucket>();
  let week = 0;
  for (const day of daysOfYear(year)) {
    let key: string;
    let label: string;
    if (dateType === DateType.MONTH) {
      key = day.slice(0, 7);
      label = `${Number(day.slice(5, 7))}月`;
    } else if (dateType === DateType.WEEK) {
      key = mondayOf(day);
      if (!buckets.has(key)) week += 1;
      label = `第${week}周`;
    } else {
      key = day;
      label = `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;
    }
    const b = buckets.get(key) ?? { key, label, seconds: 0, minutes: 0 };
    b.seconds += perDay.get(day) ?? 0;
    buckets.set(key, b);
  }
  return [...buckets.values()].map((b) => ({ ...b, minutes: toMinutes(b.seconds) }));
}

export async function listenReport(db: Db, userId: number, year: number, dateType: number): Promise<ListenReport> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const fromMs = shanghaiDayStart(from);
  const toMs = shanghaiDayStart(`${year + 1}-01-01`);
  const [days, subjects, courses, started, finished] = await Promise.all([
    secondsByDay(db, userId, from, to),
    secondsBySubject(db, userId, from, to, TOP),
    secondsByCourse(db, userId, from, to, TOP),
    countCoursesBetween(db, userId, 'started_at', fromMs, toMs),
    countCoursesBetween(db, userId, 'finished_at', fromMs, toMs),
  ]);
  const active = days.filter((d) => d.seconds > 0);
  const seconds = active.reduce((sum, d) => sum + d.seconds, 0);
  return {
    year,
    dateType,
    totals: {
      seconds,
      minutes: toMinutes(seconds),
      activeDays: active.length,
      coursesStarted: started,
      coursesFinished: finished,
      longestStreak: longestStreak(active.map((d) => d.day)),
    },
    buckets: bucketize(year, dateType, new Map(days.map((d) => [d.day, d.seconds]))),
    topSubjects: subjects.map((s) => ({ ...s, minutes: toMinutes(s.seconds) })),
    topCourses: courses.map((c) => ({ ...c, minutes: toMinutes(c.seconds) })),
  };
}

const CSV_HEADER = ['日期', '学员', '手机号', '课程', '讲师', '章节', '收听分钟', '收听秒数'];

/** A CSV field: quoted when needed; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
export function csvField(value: string | number): string {
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The year's listening as CSV: UTF-8 with a BOM (so Excel opens the Chinese), CRLF line ends,
 * one row per day, course and chapter, and a closing total row.
 */
export async function listenCsv(db: Db, user: UserRow, year: number): Promise<string> {
  const rows = await exportRows(db, user.id, `${year}-01-01`, `${year}-12-31`);
  const name = user.name || user.nickname;
  const mobile = maskMobile(user.mobile);
  const lines = [CSV_HEADER.map(csvField).join(',')];
  let total = 0;
  for (const r of rows) {
    const seconds = Number(r.seconds);
    total += seconds;
    lines.push([r.day, name, mobile, r.course_name, r.lecturer_name, r.chapter_title ?? '', toMinutes(seconds), seconds].map(csvField).join(','));
  }
  lines.push([`${year}年合计`, name, mobile, '', '', '', toMinutes(total), total].map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function shareStats(db: Db, userId: number, pageIndex: number, pageSize: number): Promise<ShareStats> {
  const [totals, rows, total] = await Promise.all([
    shareTotals(db, userId),
    sharesByCourse(db, userId, (pageIndex - 1) * pageSize, pageSize),
    countSharedCourses(db, userId),
  ]);
  const sum = (pred: (t: (typeof totals)[number]) => boolean) => totals.filter(pred).reduce((n, t) => n + t.n, 0);
  const cards = new Map((await findCardsByIds(db, rows.map((r) => r.courseId))).map((c) => [c.id, c]));
  return {
    totals: {
      shares: sum(() => true),
      courses: total,
      session: sum((t) => t.shareType === 1),
      timeline: sum((t) => t.shareType === 2),
      poster: sum((t) => t.channel === 'poster'),
      link: sum((t) => t.channel === 'link'),
    },
    rows: rows.flatMap((r) => {
      const card = cards.get(r.courseId);
      return card ? [{ course: toCourseCard(card), shares: r.shares, lastSharedAt: new Date(r.lastAt).toISOString() }] : [];
    }),
    total,
  };
}
