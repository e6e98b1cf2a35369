import { ErrorCodes } from '@jinfa/shared/errors';
import { ApiError } from '../../../lib/api-client.ts';
import { H5_PLAYABLE_MODE, isAuthFresh, postPlayAuth, type PlayAuth } from '../api/post-play-auth.ts';
import { postVisitPlay } from '../api/post-visit-play.ts';
import { onPlaySessionEnded } from '../api/post-listen.ts';
import { currentListener, listenOutbox, startOutbox } from './listen-outbox.ts';
import { attachSource, chooseEngine, type AttachedSource, type Engine } from './media-source.ts';
import { bindReporter, ProgressReporter } from './progress-reporter.ts';

/**
 * One chapter playing on one media element: play authorisation, the source (native HLS or
 * hls.js), the resume position, listen reporting, and one silent renewal of an expired signed
 * URL (403) that resumes at the same position. The video player and the audio engine both use it.
 */

export const NOT_ENROLLED_CODE = ErrorCodes.NOT_ENROLLED;
export const CORPORATE_EXPIRED_MESSAGE = '企业会员已过期，无法收听';

export type PlayErrorKind = 'buy' | 'gotoApp' | 'corporate' | 'login' | 'network' | 'media' | 'other';

export interface PlayError {
  kind: PlayErrorKind;
  message: string;
  code: number | null;
}

export type SessionStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'buffering' | 'ended' | 'error';

export interface QualityOption {
  /** 'auto', or a rendition key. */
  key: string;
  label: string;
}

export interface SessionSnapshot {
  status: SessionStatus;
  engine: Engine | null;
  auth: PlayAuth | null;
  error: PlayError | null;
  qualities: QualityOption[];
  quality: string;
}

export interface SessionOptions {
  courseId: number;
  chapterId: number | null;
  /** Where to start (the saved position), or a promise of it. */
  startAt: number | Promise<number>;
  /** A play authorisation fetched ahead (used if still fresh). */
  auth?: Promise<PlayAuth> | null;
  onChange?: (snapshot: SessionSnapshot) => void;
  fetchAuth?: typeof postPlayAuth;
  /** Report listening (default true); the device check on /course/playTest does not. */
  report?: boolean;
}

export function playErrorOf(error: unknown): PlayError {
  if (error instanceof ApiError) {
    if (error.code === NOT_ENROLLED_CODE) return { kind: 'buy', message: '购买后即可学习本课程', code: error.code };
    if (error.code === ErrorCodes.CORPORATE_MEMBERSHIP_EXPIRED || /企业会员.*过期/.test(error.serverMessage)) return { kind: 'corporate', message: CORPORATE_EXPIRED_MESSAGE, code: error.code };
    if (error.isAuth) return { kind: 'login', message: '请先登录', code: error.code };
    if (error.isNetwork) return { kind: 'network', message: '网络不可用，请检查网络后重试', code: error.code };
    return { kind: 'other', message: error.serverMessage || `播放失败（错误码 ${error.code}）`, code: error.code };
  }
  return { kind: 'other', message: '播放失败，请稍后重试', code: null };
}

export class PlaybackSession {
  readonly courseId: number;
  readonly chapterId: number | null;
  private readonly media: HTMLMediaElement;
  private readonly opts: SessionOptions;
  private readonly fetchAuth: typeof postPlayAuth;
  private pendingAuth: Promise<PlayAuth> | null;
  private source: AttachedSource | null = null;
  private reporter: ProgressReporter | null = null;
  private unbind: (() => void) | null = null;
  private offEnded: (() => void) | null = null;
  private renewingSession = false;
  private renewed = false;
  private destroyed = false;
  private attaching: Promise<void> | null = null;
  private nativeUrl: string | null = null;
  private snap: SessionSnapshot = { status: 'idle', engine: null, auth: null, error: null, qualities: [], quality: 'auto' };

  constructor(media: HTMLMediaElement, opts: SessionOptions) {
    this.media = media;
    this.opts = opts;
    this.courseId = opts.courseId;
    this.chapterId = opts.chapterId;
    this.fetchAuth = opts.fetchAuth ?? postPlayAuth;
    this.pendingAuth = opts.auth ?? null;
    media.addEventListener('playing', this.onPlaying);
    media.addEventListener('pause', this.onPause);
    media.addEventListener('waiting', this.onWaiting);
    media.addEventListener('ended', this.onEnded);
  }

  snapshot(): SessionSnapshot {
    return this.snap;
  }

  private set(patch: Partial<SessionSnapshot>): void {
    if (this.destroyed) return;
    this.snap = { ...this.snap, ...patch };
    this.opts.onChange?.(this.snap);
  }

  private readonly onPlaying = () => this.set({ status: 'playing', error: null });
  private readonly onPause = () => {
    if (this.snap.status !== 'error' && this.snap.status !== 'ended') this.set({ status: 'paused' });
  };
  private readonly onWaiting = () => this.set({ status: 'buffering' });
  private readonly onEnded = () => this.set({ status: 'ended' });

  private async authorise(): Promise<PlayAuth> {
    const ahead = this.pendingAuth;
    this.pendingAuth = null;
    if (ahead) {
      try {
        const auth = await ahead;
        if (isAuthFresh(auth)) return auth;
      } catch {
        // Ask again below: the answer ahead of time may be stale (a purchase since, a login).
      }
    }
    return this.fetchAuth(this.courseId, this.chapterId);
  }

  /**
   * Start playing. Call it from the tap: when the authorisation is already here the source is set
   * and `play()` called in the same turn, which iOS and WeChat require for sound.
   */
  async play(): Promise<void> {
    if (this.destroyed) return;
    if (this.source) {
      await this.media.play().catch(() => undefined);
      return;
    }
    this.attaching ??= this.load(true).finally(() => {
      this.attaching = null;
    });
    await this.attaching;
  }

  private async load(autoplay: boolean, at?: number): Promise<void> {
    this.set({ status: 'loading', error: null });
    let auth: PlayAuth;
    let startAt: number;
    try {
      [auth, startAt] = await Promise.all([this.authorise(), at != null ? at : Promise.resolve(this.opts.startAt).catch(() => 0)]);
    } catch (error) {
      this.set({ status: 'error', error: playErrorOf(error) });
      return;
    }
    if (this.destroyed) return;
    if (auth.mode !== H5_PLAYABLE_MODE || !auth.videoUrl) {
      this.set({ status: 'error', auth, error: { kind: 'gotoApp', message: '本课程仅支持在金法课堂App中播放', code: null } });
      return;
    }
    const engine = chooseEngine(this.media);
    const qualities: QualityOption[] =
      engine === 'native' ? [{ key: 'auto', label: '自动' }, ...auth.qualities.map((q) => ({ key: q.url, label: q.label }))] : [];
    this.set({ auth, engine, qualities, quality: 'auto' });
    this.ensureReporter();
    await this.attach(engine, auth.videoUrl, startAt, autoplay);
  }

  private async attach(engine: Engine, url: string, startAt: number, autoplay: boolean): Promise<void> {
    this.source?.destroy();
    this.nativeUrl = engine === 'native' ? url : null;
    let source: AttachedSource;
    try {
      source = await attachSource(this.media, url, engine, {
        startAt,
        onFatal: (status) => void this.handleFatal(status),
        onLevels: () => this.refreshLevels(),
      });
    } catch {
      this.set({ status: 'error', error: { kind: 'network', message: '播放器加载失败，请检查网络后重试', code: null } });
      return;
    }
    if (this.destroyed) {
      source.destroy();
      return;
    }
    this.source = source;
    if (autoplay) {
      await this.media.play().catch((error: unknown) => {
        // Autoplay refused (no gesture): wait for the learner's tap instead of failing.
        if ((error as { name?: string }).name === 'NotAllowedError') this.set({ status: 'paused' });
      });
    }
  }

  private refreshLevels(): void {
    if (!this.source || this.source.engine !== 'hlsjs') return;
    const levels = this.source.levels();
    if (levels.length < 2) return;
    this.set({ qualities: [{ key: 'auto', label: '自动' }, ...levels.map((l) => ({ key: String(l.index), label: `${l.label} ${l.height}P` }))] });
  }

  /** Switch rendition: hls.js at the next fragment; natively by reloading at the same position. */
  setQuality(key: string): void {
    if (!this.source || !this.snap.auth) return;
    if (this.source.engine === 'hlsjs') {
      this.source.setLevel(key === 'auto' ? -1 : Number(key));
      this.set({ quality: key });
      return;
    }
    const url = key === 'auto' ? this.snap.auth.videoUrl : key;
    if (url === this.nativeUrl) return;
    const at = this.media.currentTime;
    const wasPlaying = !this.media.paused;
    this.set({ quality: key });
    void this.attach('native', url, at, wasPlaying);
  }

  /** An expired signed URL (403, or a native error after expiry): renew once and go on where it was. */
  private async handleFatal(status: number | null): Promise<void> {
    if (this.destroyed) return;
    const position = this.media.currentTime || 0;
    const expired = status === 403 || (this.snap.auth != null && !isAuthFresh(this.snap.auth, Date.now(), 0)) || status == null;
    if (!this.renewed && expired) {
      this.renewed = true;
      const wasPlaying = this.snap.status === 'playing' || this.snap.status === 'buffering' || this.snap.status === 'loading';
      try {
        const auth = await this.fetchAuth(this.courseId, this.chapterId);
        if (this.destroyed) return;
        this.set({ auth });
        const engine = this.source?.engine ?? chooseEngine(this.media);
        await this.attach(engine, auth.videoUrl, position, wasPlaying);
        return;
      } catch (error) {
        this.set({ status: 'error', error: playErrorOf(error) });
        return;
      }
    }
    this.set({ status: 'error', error: { kind: 'media', message: '播放出错了，请重试', code: status } });
  }

  /** The error state's 重试: a fresh authorisation and source, at the position it stopped. */
  async retry(): Promise<void> {
    const at = this.media.currentTime || undefined;
    this.source?.destroy();
    this.source = null;
    this.renewed = false;
    await this.load(true, at);
  }

  private ensureReporter(): void {
    if (this.reporter || this.opts.report === false) return;
    // Reports queued while offline go as soon as the browser is back online, even when nothing
    // plays any more by then (the chapter ended offline) — not only with the next report.
    startOutbox();
    const media = this.media;
    this.reporter = new ProgressReporter({
      courseId: this.courseId,
      chapterId: this.chapterId,
      probe: {
        position: () => media.currentTime || 0,
        duration: () => (Number.isFinite(media.duration) ? media.duration : (this.snap.auth?.duration ?? null)),
      },
      outbox: listenOutbox,
      who: currentListener,
      session: () => this.snap.auth?.playSession || null,
      onFirstPlay: (recordId) => void postVisitPlay(this.courseId, recordId).catch(() => undefined),
    });
    this.unbind = bindReporter(this.reporter, media);
    this.offEnded = onPlaySessionEnded((ended) => {
      if (!this.destroyed && this.snap.auth?.playSession === ended) void this.renewPlaySession();
    });
  }

  /**
   * The server ended our play session (it expired, e.g. after a long pause): ask play_auth for a
   * new one, so what is played from now on is credited again. The source stays as it is.
   */
  private async renewPlaySession(): Promise<void> {
    if (this.renewingSession) return;
    this.renewingSession = true;
    try {
      const auth = await this.fetchAuth(this.courseId, this.chapterId);
      if (!this.destroyed && auth.playSession) this.set({ auth });
    } catch {
      // Refused or offline: the next report tells again.
    } finally {
      this.renewingSession = false;
    }
  }

  /** Chapter change or unmount: `exit`, then let the element go. */
  destroy(): void {
    if (this.destroyed) return;
    if (!this.media.paused) this.media.pause();
    this.reporter?.close();
    this.unbind?.();
    this.offEnded?.();
    this.destroyed = true;
    this.media.removeEventListener('playing', this.onPlaying);
    this.media.removeEventListener('pause', this.onPause);
    this.media.removeEventListener('waiting', this.onWaiting);
    this.media.removeEventListener('ended', this.onEnded);
    this.source?.destroy();
    this.source = null;
  }
}
