import { listen } from '../../../lib/listen.ts';
import type { ListenEvent, ListenReport } from '../api/post-listen.ts';
import type { Outbox } from './outbox.ts';
import { newRecordId } from './record-id.ts';

/**
 * Listen reporting for one play session of one chapter (a "record", playback contract):
 * `start` at the first play, a `heartbeat` every 10 s while playing, `exit` on pause, end,
 * chapter change and unmount, and another `exit` (same playedSeconds, new position) when the
 * learner seeks while paused, so the resume point is where they left it; on
 * `visibilitychange → hidden` and `pagehide` the reports go by `navigator.sendBeacon`. Every
 * report passes through the outbox (lib/outbox.ts) first.
 *
 * `playedSeconds` counts WALL-CLOCK seconds during which the media was actually playing: time
 * paused, buffering or before the first frame does not count, and 10 minutes at 2× count as 10
 * minutes. Compliance training hours are time spent learning; the server clamps any increase to
 * the wall-clock time it measured since the previous report, which media seconds at 2× would
 * exceed. Every report carries the play session of the current play_auth answer (`session()`),
 * read when the report is made, so a renewed authorisation goes on with its new session.
 */

export const HEARTBEAT_MS = 10_000;

export interface MediaProbe {
  position(): number;
  duration(): number | null;
}

export interface ReporterOptions {
  courseId: number;
  chapterId: number | null;
  probe: MediaProbe;
  outbox: Outbox;
  /** Who is playing (token and user id at the time of the report). */
  who: () => { userId: number | null; token: string | null };
  /** Called once, at the first play of the record (`POST /visit_play?recordId`). */
  onFirstPlay?: (recordId: string) => void;
  now?: () => number;
  heartbeatMs?: number;
  recordId?: string;
  /** Listen to the page's visibility and pagehide (default true). */
  lifecycle?: boolean;
  /** The play session of the current play_auth answer (decision 016); null before one. */
  session?: () => string | null;
}

export class ProgressReporter {
  readonly recordId: string;
  readonly courseId: number;
  readonly chapterId: number | null;
  private readonly opts: ReporterOptions;
  private readonly now: () => number;
  private started = false;
  private open = false;
  private closed = false;
  private playingSince: number | null = null;
  private playedMs = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(opts: ReporterOptions) {
    this.opts = opts;
    this.courseId = opts.courseId;
    this.chapterId = opts.chapterId;
    this.now = opts.now ?? (() => Date.now());
    this.recordId = opts.recordId ?? newRecordId(this.now());
    if (opts.lifecycle !== false && typeof window !== 'undefined') {
      document.addEventListener('visibilitychange', this.handleVisibility);
      window.addEventListener('pagehide', this.handlePageHide);
    }
  }

  /** Whole seconds actually played so far in this record. */
  playedSeconds(): number {
    const running = this.playingSince == null ? 0 : Math.max(0, this.now() - this.playingSince);
    return Math.floor((this.playedMs + running) / 1000);
  }

  get isPlaying(): boolean {
    return this.playingSince != null;
  }

  /** The media started (or resumed) playing frames: `playing`. */
  playing(): void {
    if (this.closed || this.playingSince != null) return;
    this.playingSince = this.now();
    if (!this.started) {
      this.started = true;
      this.open = true;
      this.report('start');
      this.opts.onFirstPlay?.(this.recordId);
    } else if (!this.open) {
      // Resumed after an exit (pause): the same record goes on.
      this.open = true;
      this.report('heartbeat');
    }
    this.startHeartbeat();
  }

  /** Frames stopped without the learner leaving (buffering, seeking): stop counting, report nothing. */
  stalled(): void {
    this.accumulate();
    this.stopHeartbeat();
  }

  /** Paused or ended: stop counting and send `exit`. */
  stopped(): void {
    this.accumulate();
    this.stopHeartbeat();
    if (this.started && this.open) {
      this.open = false;
      this.report('exit');
    }
  }

  /**
   * The playhead moved while paused (`seeked`): report the new position with the seconds played
   * unchanged, so leaving now (in-app navigation sends no further report) resumes there.
   */
  moved(): void {
    if (this.closed || !this.started || this.playingSince != null) return;
    this.report(this.open ? 'heartbeat' : 'exit');
  }

  /** Chapter change or unmount: the last `exit`, then nothing more from this record. */
  close(): void {
    if (this.closed) return;
    this.stopped();
    this.closed = true;
    if (typeof window !== 'undefined') {
      document.removeEventListener('visibilitychange', this.handleVisibility);
      window.removeEventListener('pagehide', this.handlePageHide);
    }
  }

  private accumulate(): void {
    if (this.playingSince == null) return;
    this.playedMs += Math.max(0, this.now() - this.playingSince);
    this.playingSince = null;
  }

  private startHeartbeat(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.report('heartbeat'), this.opts.heartbeatMs ?? HEARTBEAT_MS);
  }

  private stopHeartbeat(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private snapshot(event: ListenEvent): ListenReport {
    const duration = this.opts.probe.duration();
    const playSession = this.opts.session?.() ?? null;
    return {
      recordId: this.recordId,
      chapterId: this.chapterId,
      event,
      position: Math.max(0, Math.floor(this.opts.probe.position() * 10) / 10),
      duration: duration != null && Number.isFinite(duration) && duration > 0 ? Math.round(duration) : null,
      playedSeconds: this.playedSeconds(),
      at: this.now(),
      ...(playSession ? { playSession } : {}),
    };
  }

  private report(event: ListenEvent, beacon = false): void {
    this.opts.outbox.put(this.courseId, this.snapshot(event), this.opts.who());
    if (beacon) this.opts.outbox.beaconAll();
    else void this.opts.outbox.flush();
  }

  /** Hidden (tab switched, screen locked, app backgrounded): what we have goes now, by beacon. */
  private readonly handleVisibility = (): void => {
    if (document.visibilityState !== 'hidden' || !this.started) return;
    this.report(this.open ? 'heartbeat' : 'exit', true);
  };

  /** The page is going away: `exit` by beacon (the record stays queued until a fetch confirms it). */
  private readonly handlePageHide = (): void => {
    if (!this.started) return;
    this.accumulate();
    this.stopHeartbeat();
    this.open = false;
    this.report('exit', true);
  };
}

/** Wire a reporter to a media element's events; returns the unwiring. */
export function bindReporter(reporter: ProgressReporter, media: HTMLMediaElement): () => void {
  const onPlaying = () => reporter.playing();
  const onStopped = () => reporter.stopped();
  const onStalled = () => reporter.stalled();
  const onSeeked = () => {
    if (media.paused) reporter.moved();
  };
  // Not every browser fires `playing` again after a seek into buffered data: frames moving is proof.
  const onTime = () => {
    if (!media.paused && media.readyState >= 3 && !reporter.isPlaying) reporter.playing();
  };
  return listen(media, {
    playing: onPlaying,
    timeupdate: onTime,
    pause: onStopped,
    ended: onStopped,
    waiting: onStalled,
    seeking: onStalled,
    seeked: onSeeked,
  });
}
