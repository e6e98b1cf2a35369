/**
 * Progress accounting (decision 011), pure: no clock, no database. Given what is stored for a
 * play record and a new report from the player, it says how many seconds of listening to credit,
 * on which Asia/Shanghai days, and whether the chapter counts as finished.
 *
 * - The client sends CUMULATIVE played seconds per record. We keep their MAX, so duplicates,
 *   replays and out-of-order beacons never count twice; only the increase is credited.
 * - An increase is clamped to the wall clock since the record's previous accepted report + 30 s,
 *   and the record's whole credit to the wall clock since it started + 30 s (so a burst of
 *   reports cannot collect the 30 s slack again and again). A first report is clamped to the
 *   media's duration (30 s when unknown).
 * - Credited seconds are taken to be the ones just before the report, and split at Shanghai
 *   midnight: a session from 23:50 to 00:10 gives 10 minutes to each day.
 * - What this allows is then cut to the time the server measured in the play session and on the
 *   learner's clock (session-accounting.ts, decision 016).
 */

export const SLACK_SECONDS = 30;
export const FINISH_RATIO = 0.95;
export const FINISH_TAIL_SECONDS = 10;
export const DAY_MS = 86_400_000;
/** Asia/Shanghai has been UTC+8 without daylight saving since 1991. */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

export interface StoredRecord {
  /** MAX of the client's cumulative played seconds so far. */
  reportedSeconds: number;
  /** Seconds credited so far. */
  playedSeconds: number;
  /** Server time (ms) of the last accepted report. */
  updatedAt: number;
  /** Server time (ms) the record's listening is taken to have begun. */
  startedAt: number;
}

export interface Report {
  /** Cumulative seconds played in this record, as the client counts them. */
  playedSeconds: number;
  duration: number | null;
}

export interface Accounting {
  /** Seconds to add to the learner's listening by this report. */
  credited: number;
  /** What to store as the record's reported max, credit, time of last accepted report and start. */
  next: StoredRecord;
  /** False for a stale report (a lower cumulative count than already seen): its position is old. */
  fresh: boolean;
}

/** Accounts one report against the stored record (null: the first report of a record). */
export function accountReport(prev: StoredRecord | null, report: Report, now: number): Accounting {
  const reported = Math.max(0, Math.floor(report.playedSeconds));
  if (!prev) {
    const cap = report.duration !== null && report.duration > 0 ? Math.ceil(report.duration) : SLACK_SECONDS;
    const credited = Math.min(reported, cap);
    return {
      credited,
      fresh: true,
      next: { reportedSeconds: reported, playedSeconds: credited, updatedAt: now, startedAt: now - credited * 1000 },
    };
  }
  if (reported < prev.reportedSeconds) return { credited: 0, fresh: false, next: prev };
  const increase = reported - prev.reportedSeconds;
  const sincePrevious = Math.max(0, Math.floor((now - prev.updatedAt) / 1000)) + SLACK_SECONDS;
  const sinceStart = Math.max(0, Math.floor((now - prev.startedAt) / 1000) + SLACK_SECONDS - prev.playedSeconds);
  const credited = Math.min(increase, sincePrevious, sinceStart);
  return {
    credited,
    fresh: true,
    next: { reportedSeconds: reported, playedSeconds: prev.playedSeconds + credited, updatedAt: Math.max(now, prev.updatedAt), startedAt: prev.startedAt },
  };
}

/** 'YYYY-MM-DD' of an instant in Asia/Shanghai. */
export function shanghaiDay(ms: number): string {
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Shanghai day begins. */
export function shanghaiDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - SHANGHAI_OFFSET_MS;
}

/** Splits `seconds` of listening that ended at `endMs` over the Shanghai days it spans (oldest first). */
export function splitAcrossDays(seconds: number, endMs: number): Array<{ day: string; seconds: number }> {
  const out: Array<{ day: string; seconds: number }> = [];
  let remaining = Math.max(0, Math.floor(seconds));
  let end = endMs;
  while (remaining > 0) {
    const day = shanghaiDay(end - 1);
    const dayStart = shanghaiDayStart(day);
    const inDay = Math.min(remaining, Math.ceil((end - dayStart) / 1000));
    out.unshift({ day, seconds: inDay });
    remaining -= inDay;
    end = dayStart;
  }
  return out;
}

/**
 * A chapter is finished at 95 % of its duration or within 10 s of its end — but never before
 * 90 %, so a short clip (a 12 s trial) is not "finished" two seconds in.
 */
export function isFinished(position: number, duration: number | null): boolean {
  if (duration === null || duration <= 0 || position <= 0) return false;
  const threshold = Math.max(duration * 0.9, Math.min(duration * FINISH_RATIO, duration - FINISH_TAIL_SECONDS));
  return position >= threshold;
}

/** The playhead kept: whole seconds, never negative, never past a known end. */
export function clampPosition(position: number, duration: number | null): number {
  const p = Math.max(0, Math.round(position));
  return duration !== null && duration > 0 ? Math.min(p, Math.ceil(duration)) : p;
}
