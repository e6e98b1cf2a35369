/**
 * Tracking ingestion and operator stats (spec §4 Tracking, §7.7; decision 008).
 * Records are turned into rows at once (so a bad batch is refused before anything is written),
 * then handed to the group-commit buffer; the caller's promise settles after the commit.
 */
import crypto from 'node:crypto';
import {
  COURSE_CARD_ELEMENT_ID,
  ErrorCodes,
  MAX_ID,
  type ClickThroughStats,
  type CollectAck,
  type CustomEventRecord,
  type ElementClickRecord,
  type PageStats,
  type PageVisitRecord,
  type TopCourseStats,
  type TrackExtra,
} from '@jinfa/shared';
import type { Db } from '../../db/conn.ts';
import { hasSingleWriter } from '../../db/dialect.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { IngestBuffer, type IngestOptions } from './ingest-buffer.ts';
import {
  ALL_NEW,
  courseVisitsByCourse,
  elementClicksByCourse,
  insertTrackRows,
  pageDayStats,
  topCourseStats,
  type DayRange,
  type Inserted,
  type TrackRow,
  type TrackTable,
} from './collect-repository.ts';

export type TrackKind = 'visit' | 'element' | 'custom';
const TABLE: Record<TrackKind, TrackTable> = { visit: 'page_visits', element: 'element_clicks', custom: 'custom_events' };

export interface IngestContext {
  appId: string;
  userId: number | null;
  now: number;
}

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Calendar day in China time (UTC+8) as days since 1970-01-01: what the stats group by. */
export function chinaDay(epochMs: number): number {
  return Math.floor((epochMs + CHINA_OFFSET_MS) / DAY_MS);
}
export function dayToDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
export function dateToDay(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new ValidationError(`请求参数有误：日期 ${date} 不合法`);
  return Math.floor(ms / DAY_MS);
}

const COURSE_PAGE = /^\/course\/detail\?(?:[^#]*&)?courseId=(\d{1,10})(?:[&#]|$)/;

function courseIdOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= MAX_ID ? n : null;
}

function extraValue(extras: readonly TrackExtra[] | undefined, key: string): string | undefined {
  if (!extras) return undefined;
  for (const e of extras) if (e.key === key) return e.value;
  return undefined;
}

/** The course a visit is about: the course page's courseId (pageId query, or its extras). */
export function visitCourseId(pageId: string, extras: readonly TrackExtra[] | undefined): number | null {
  const m = COURSE_PAGE.exec(pageId);
  if (m) return courseIdOf(m[1]);
  if (pageId === '/course/detail' || pageId.startsWith('/course/detail?')) return courseIdOf(extraValue(extras, 'courseId'));
  return null;
}

/**
 * PostgreSQL refuses NUL in text, so a record holding one would fail the whole shared commit:
 * refuse it here, with the rest of its batch, before it reaches the buffer.
 */
function checkText(value: string): void {
  if (value.includes('\u0000')) throw new ValidationError('请求参数有误：文本含有空字符');
}

/**
 * The extras as stored: `[{"key":…,"value":…},…]`, exactly what JSON.stringify of the key/value
 * pairs gives (derived keys hash this text, so it must not change), written without building
 * the intermediate objects: this runs per record.
 */
function extrasText(extras: readonly TrackExtra[] | undefined): string {
  if (!extras || extras.length === 0) return '[]';
  let out = '[';
  for (let i = 0; i < extras.length; i += 1) {
    const e = extras[i]!;
    checkText(e.key);
    checkText(e.value);
    // Only key and value: the schema already dropped anything else.
    out += `${i ? ',' : ''}{"key":${JSON.stringify(e.key)},"value":${JSON.stringify(e.value)}}`;
  }
  return out + ']';
}

/** `u:<userId>` when signed in, else `s:<sessionId>`; also checks the texts every record has. */
function visitorOf(ctx: IngestContext, r: { sessionId: string; pageId?: string | undefined }): string {
  checkText(r.sessionId);
  if (r.pageId) checkText(r.pageId);
  return ctx.userId !== null ? `u:${ctx.userId}` : `s:${r.sessionId}`;
}

/** The extras as the key sees them: order-free, so `[a,b]` and `[b,a]` are one record. */
function canonicalExtras(extras: readonly TrackExtra[] | undefined, text: string): string {
  if (!extras || extras.length < 2) return text;
  const sorted = extras.map((e) => [e.key, e.value] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return JSON.stringify(sorted);
}

/**
 * The de-duplication key of a record sent without a `clientId` (spec-shaped records, decision
 * 020): a hash of everything that makes it this record — app, kind, session, page or element,
 * its times and its extras. A resend of the same record gets the same key and is counted as a
 * duplicate. The `~` prefix cannot occur in a client's id (TrackClientId allows [A-Za-z0-9_-]),
 * so a derived key never collides with a sent one. NUL separates the parts: no text may hold it.
 */
export function derivedKey(kind: 'v' | 'e' | 'c', appId: string, time: number, content: string): string {
  // The record's time leads, so keys of records arriving now sit together at the end of the
  // unique index (as our tracker's time-ordered ids do) instead of scattering over its pages.
  // One string, one native call: this runs per record on the ingest path (≥ 60,000/s); 128 bits
  // of SHA-256 keep collisions out of reach.
  const digest = crypto.hash('sha256', `${kind}\u0000${appId}\u0000${time}\u0000${content}`, 'base64url');
  return `~${time.toString(36)}${digest.slice(0, 22)}`;
}

// Rows are written as array literals in TRACK_COLUMNS order (no spreads: this runs per record).
export function visitRows(records: readonly PageVisitRecord[], ctx: IngestContext): TrackRow[] {
  return records.map((r, i) => {
    if (r.endTime < r.beginTime) throw new ValidationError(`请求参数有误：第 ${i + 1} 条记录 endTime 早于 beginTime`);
    const visitor = visitorOf(ctx, r);
    const course = visitCourseId(r.pageId, r.extras);
    const extras = extrasText(r.extras);
    const key = r.clientId ?? derivedKey('v', ctx.appId, r.beginTime, `${r.sessionId}\u0000${r.pageId}\u0000${r.endTime}\u0000${canonicalExtras(r.extras, extras)}`);
    return [key, ctx.appId, ctx.userId, r.sessionId, visitor, r.pageId, course, chinaDay(r.beginTime), extras, ctx.now, r.beginTime, r.endTime];
  });
}

export function elementRows(records: readonly ElementClickRecord[], ctx: IngestContext): TrackRow[] {
  return records.map((r) => {
    checkText(r.elementId);
    const visitor = visitorOf(ctx, r);
    const course = courseIdOf(extraValue(r.extras, 'courseId'));
    const extras = extrasText(r.extras);
    const pageId = r.pageId ?? '';
    const key = r.clientId ?? derivedKey('e', ctx.appId, r.eventTime, `${r.sessionId}\u0000${r.elementId}\u0000${pageId}\u0000${canonicalExtras(r.extras, extras)}`);
    return [key, ctx.appId, ctx.userId, r.sessionId, visitor, pageId, course, chinaDay(r.eventTime), extras, ctx.now, r.elementId, r.eventTime];
  });
}

export function customRows(records: readonly CustomEventRecord[], ctx: IngestContext): TrackRow[] {
  return records.map((r) => {
    checkText(r.name);
    const visitor = visitorOf(ctx, r);
    const course = courseIdOf(extraValue(r.extras, 'courseId'));
    const extras = extrasText(r.extras);
    const key = r.clientId ?? derivedKey('c', ctx.appId, r.eventTime, `${r.sessionId}\u0000${r.name}\u0000${r.pageId}\u0000${canonicalExtras(r.extras, extras)}`);
    return [key, ctx.appId, ctx.userId, r.sessionId, visitor, r.pageId, course, chinaDay(r.eventTime), extras, ctx.now, r.name, r.eventTime];
  });
}

export interface IngestJob {
  kind: TrackKind;
  rows: TrackRow[];
}

/**
 * Writes one group of uploads in one transaction. A client id repeated in the group (in one
 * upload or across two) is inserted once and credited to its first upload; the others count it
 * as a duplicate, as they would if it had been stored earlier.
 */
export async function commitGroup(db: Db, jobs: readonly IngestJob[]): Promise<CollectAck[]> {
  // Per table: which upload (index in `jobs`) first brought each client id.
  const owner = new Map<TrackTable, Map<string, number>>();
  const byTable = new Map<TrackTable, TrackRow[]>();
  // Per upload: how many client ids it brought first (its rows if every one is new).
  const owned = new Array<number>(jobs.length).fill(0);
  jobs.forEach((job, j) => {
    const table = TABLE[job.kind];
    let rows = byTable.get(table);
    let owners = owner.get(table);
    if (!rows || !owners) {
      byTable.set(table, (rows = []));
      owner.set(table, (owners = new Map()));
    }
    for (const row of job.rows) {
      if (owners.has(row[0])) continue;
      owners.set(row[0], j);
      owned[j]! += 1;
      rows.push(row);
    }
  });
  const inserted = new Map<TrackTable, Inserted>();
  await db.transaction().execute(async (trx) => {
    for (const [table, rows] of byTable) inserted.set(table, await insertTrackRows(trx, table, rows));
  });
  // A client id repeated inside one upload or across two is credited once, to its first upload.
  const accepted = new Array<number>(jobs.length).fill(0);
  for (const [table, owners] of owner) {
    const fresh = inserted.get(table)!;
    if (fresh === ALL_NEW) {
      for (const j of owners.values()) accepted[j] = owned[j]!;
    } else {
      for (const [clientId, j] of owners) if (fresh.has(clientId)) accepted[j]! += 1;
    }
  }
  return jobs.map((job, j) => ({ accepted: accepted[j]!, duplicates: job.rows.length - accepted[j]! }));
}

export type Collector = IngestBuffer<IngestJob, CollectAck>;

export function createCollector(db: Db, opts: Partial<IngestOptions> = {}): Collector {
  return new IngestBuffer<IngestJob, CollectAck>((jobs) => commitGroup(db, jobs), {
    lingerMs: 2,
    maxRows: 5000,
    // A single writer (SQLite) only queues a second commit; on PostgreSQL it overlaps the first one's fsync.
    maxInFlight: hasSingleWriter(db) ? 1 : 3,
    ...opts,
  });
}

export async function ingest(collector: Collector, kind: TrackKind, rows: TrackRow[]): Promise<CollectAck> {
  return collector.submit({ kind, rows }, rows.length);
}

// ---- stats ----

const DEFAULT_RANGE_DAYS = 7;
/** A wider range would make a stats call scan most of the table. */
const MAX_RANGE_DAYS = 366;

export function statsRange(query: { from?: string; to?: string }, now: number): DayRange {
  const to = query.to ? dateToDay(query.to) : chinaDay(now);
  const from = query.from ? dateToDay(query.from) : to - (DEFAULT_RANGE_DAYS - 1);
  if (from > to) throw new ValidationError('请求参数有误：from 晚于 to');
  if (to - from + 1 > MAX_RANGE_DAYS) throw new AppError(ErrorCodes.VALIDATION, `请求参数有误：范围最多 ${MAX_RANGE_DAYS} 天`);
  return { from, to };
}

const rangeOut = (r: DayRange) => ({ from: dayToDate(r.from), to: dayToDate(r.to) });

export async function pageStats(db: Db, range: DayRange, limit: number): Promise<PageStats> {
  const rows = await pageDayStats(db, range, limit);
  return {
    ...rangeOut(range),
    rows: rows.map((r) => ({ day: dayToDate(r.day), pageId: r.page_id, visits: Number(r.visits), visitors: Number(r.visitors) })),
  };
}

export async function topCourses(db: Db, range: DayRange, limit: number): Promise<TopCourseStats> {
  const rows = await topCourseStats(db, range, limit);
  return {
    ...rangeOut(range),
    rows: rows.map((r) => ({ courseId: r.course_id, visits: Number(r.visits), visitors: Number(r.visitors) })),
  };
}

const rate = (clicks: number, visits: number) => (visits === 0 ? 0 : Math.round((clicks / visits) * 10000) / 10000);

export async function clickThrough(db: Db, range: DayRange, limit: number): Promise<ClickThroughStats> {
  const [clicks, visits] = await Promise.all([elementClicksByCourse(db, COURSE_CARD_ELEMENT_ID, range), courseVisitsByCourse(db, range)]);
  const byCourse = new Map<number, { clicks: number; visits: number }>();
  for (const c of clicks) byCourse.set(c.course_id, { clicks: Number(c.clicks), visits: 0 });
  for (const v of visits) {
    const e = byCourse.get(v.course_id);
    if (e) e.visits = Number(v.visits);
    else byCourse.set(v.course_id, { clicks: 0, visits: Number(v.visits) });
  }
  let totalClicks = 0;
  let totalVisits = 0;
  const rows = [...byCourse].map(([courseId, e]) => {
    totalClicks += e.clicks;
    totalVisits += e.visits;
    return { courseId, clicks: e.clicks, visits: e.visits, rate: rate(e.clicks, e.visits) };
  });
  rows.sort((a, b) => b.visits - a.visits || b.clicks - a.clicks || a.courseId - b.courseId);
  return { ...rangeOut(range), clicks: totalClicks, visits: totalVisits, rate: rate(totalClicks, totalVisits), rows: rows.slice(0, limit) };
}
