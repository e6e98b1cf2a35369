/**
 * Learning time the server vouches for (issue 11, decision 016), pure: no database, the server's
 * clock passed in. Whatever a client claims (already max-merged per record by
 * progress-accounting.ts) is cut down to what the server measured:
 *
 * 1. The play session (opened by play_auth): a report credits at most the server wall time since
 *    the session's previous report + JITTER_SECONDS, and the session's whole credit never runs
 *    more than JITTER_SECONDS ahead of the wall time since it opened (a credit "high-water mark",
 *    so a burst of reports cannot collect the tolerance again and again). After an `exit` (a
 *    pause) the clock restarts at the next report, which credits at most the tolerance.
 * 2. The learner (all sessions, tabs and devices): the same high-water mark per user, so two tabs
 *    or two phones playing at once never credit the same wall time twice.
 * 3. The position may advance at most MAX_PLAYBACK_RATE × the wall time since the session opened
 *    (+ POSITION_SLACK_SECONDS); going back is free. "Finished" follows the kept position.
 */

/** Network jitter tolerated per report, and how far a credit clock may run ahead of the server's. */
export const JITTER_SECONDS = 5;
/** The highest playback speed the players offer (speed menu: 0.75× … 2×). */
export const MAX_PLAYBACK_RATE = 2;
/** Tolerance of the position check (a seek lands on a key frame, rounding). */
export const POSITION_SLACK_SECONDS = 10;
/** A play session credits nothing after this long (play_auth again starts a new one). */
export const PLAY_SESSION_TTL_MS = 8 * 3_600_000;

/** Seconds that fit on a credit clock ending at `until` by `now` (tolerance included). */
export function roomOnClock(until: number, now: number): number {
  return Math.max(0, Math.floor((now + JITTER_SECONDS * 1000 - until) / 1000));
}

/**
 * Moves a credit clock by `seconds` credited at `now`: the credited stretch is taken to end at
 * `now` unless the clock is already later, in which case it follows on (never overlaps).
 */
export function advanceClock(until: number, now: number, seconds: number): number {
  if (seconds <= 0) return until;
  return Math.max(until, now - seconds * 1000) + seconds * 1000;
}

export interface SessionClock {
  /** Server time of the previous accepted report (play_auth at first). */
  lastReportAt: number;
  /** Session credit high-water mark. */
  creditedUntil: number;
  /** Kept position and the time from which it may advance at most MAX_PLAYBACK_RATE×. */
  position: number;
  positionAt: number;
  /** An `exit` was the last report. */
  paused: boolean;
}

export interface SessionReport {
  /** Seconds the record-level accounting would credit (the claim, max-merged). */
  claimed: number;
  /** The position the client reports (already clamped to the media's end). */
  position: number;
  exit: boolean;
}

export interface SessionAccounting {
  /** Seconds to credit (after the session and the learner's clocks). */
  credited: number;
  /** The position to keep. */
  position: number;
  next: SessionClock;
  /** The learner's clock after this report. */
  userUntil: number;
}

/** Accounts one fresh report against its session and the learner's clock. */
export function accountSession(s: SessionClock, userUntil: number, r: SessionReport, now: number): SessionAccounting {
  const claimed = Math.max(0, Math.floor(r.claimed));
  // After a pause the time in between was not playing: the clock starts again now.
  const sessionUntil = s.paused ? Math.max(s.creditedUntil, now) : s.creditedUntil;
  const sincePrevious = s.paused ? JITTER_SECONDS : Math.max(0, Math.floor((now - s.lastReportAt) / 1000)) + JITTER_SECONDS;
  const bySession = Math.min(claimed, sincePrevious, roomOnClock(sessionUntil, now));
  const credited = Math.min(bySession, roomOnClock(userUntil, now));

  const wanted = Math.max(0, Math.round(r.position));
  let position = wanted;
  let positionAt = s.positionAt;
  if (wanted > s.position) {
    const allowed = Math.max(0, Math.floor((MAX_PLAYBACK_RATE * (now - s.positionAt)) / 1000) + POSITION_SLACK_SECONDS);
    const advance = Math.min(wanted - s.position, allowed);
    position = s.position + advance;
    // The advance "uses up" the time it would take at top speed, so bursts gain nothing.
    positionAt = s.positionAt + Math.ceil((advance * 1000) / MAX_PLAYBACK_RATE);
  }
  return {
    credited,
    position,
    next: {
      lastReportAt: Math.max(now, s.lastReportAt),
      creditedUntil: advanceClock(sessionUntil, now, credited),
      position,
      positionAt,
      paused: r.exit,
    },
    userUntil: advanceClock(userUntil, now, credited),
  };
}
