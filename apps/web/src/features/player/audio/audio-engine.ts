import { useSyncExternalStore } from 'react';
import { queryClient } from '../../../lib/query-client.ts';
import { nextPlayable, previousPlayable, type PlaylistItem } from '../api/get-playlist.ts';
import { postPlayAuth } from '../api/post-play-auth.ts';
import { clearMediaSession, SEEK_STEP_SECONDS, setPlaybackState, updateMediaSession, updatePositionState } from '../lib/media-session.ts';
import { PlaybackSession, type PlayError, type SessionStatus } from '../lib/playback-session.ts';
import { saveSpeed, savedSpeed } from '../lib/player-prefs.ts';
import { resumeFrom } from '../lib/resume.ts';
import { setDockActive } from './dock-store.ts';

/**
 * The app's one audio player. Its <audio> element is created once and appended to <body>,
 * outside the routed pages, so a course goes on playing while the learner moves between pages
 * (and, with the Media Session API, with the screen locked). The course page shows the full
 * controls, every other page the docked mini bar; both read this engine.
 */

export interface AudioCourse {
  courseId: number;
  courseName: string;
  lecturer: string;
  cover: string;
}

export interface AudioTrack extends AudioCourse {
  chapterId: number | null;
  /** The chapter's title, or the course name for a single course. */
  title: string;
}

/** Minutes, or 'chapter' (stop at the end of this chapter). */
export type SleepChoice = 15 | 30 | 60 | 'chapter';

export interface AudioState {
  track: AudioTrack | null;
  status: SessionStatus;
  error: PlayError | null;
  time: number;
  duration: number;
  speed: number;
  sleep: SleepChoice | null;
  /** When a minutes sleep timer fires (epoch ms). */
  sleepAt: number | null;
  playlist: PlaylistItem[];
}

const INITIAL: AudioState = {
  track: null,
  status: 'idle',
  error: null,
  time: 0,
  duration: 0,
  speed: 1,
  sleep: null,
  sleepAt: null,
  playlist: [],
};

export class AudioEngine {
  private state: AudioState = { ...INITIAL, speed: savedSpeed() };
  private readonly listeners = new Set<() => void>();
  private element: HTMLAudioElement | null = null;
  private session: PlaybackSession | null = null;
  private sleepTimer: ReturnType<typeof setTimeout> | null = null;

  getState = (): AudioState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private set(patch: Partial<AudioState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** The <audio> element, made on first use, outside React's tree. */
  media(): HTMLAudioElement {
    if (this.element) return this.element;
    const el = document.createElement('audio');
    el.preload = 'none';
    el.setAttribute('playsinline', '');
    el.setAttribute('webkit-playsinline', 'true');
    el.setAttribute('x5-playsinline', 'true');
    el.dataset.testid = 'audio-element';
    el.addEventListener('timeupdate', () => {
      this.set({ time: el.currentTime });
      updatePositionState(el);
    });
    el.addEventListener('durationchange', () => this.set({ duration: Number.isFinite(el.duration) ? el.duration : 0 }));
    el.addEventListener('loadedmetadata', () => {
      el.playbackRate = this.state.speed;
    });
    el.addEventListener('playing', () => setPlaybackState('playing'));
    el.addEventListener('pause', () => setPlaybackState('paused'));
    el.addEventListener('ended', () => this.handleEnded());
    document.body.appendChild(el);
    this.element = el;
    return el;
  }

  isCurrent(courseId: number, chapterId: number | null): boolean {
    const t = this.state.track;
    return t != null && t.courseId === courseId && (chapterId == null || t.chapterId === chapterId);
  }

  /**
   * Play a chapter (from the tap: the source is set in the same turn when it can be). The same
   * chapter again just resumes; another one ends the current record first.
   */
  play(track: AudioTrack, playlist?: PlaylistItem[]): Promise<void> {
    const el = this.media();
    if (playlist) this.set({ playlist });
    if (this.session && this.state.track && this.state.track.courseId === track.courseId && this.state.track.chapterId === track.chapterId) {
      return this.session.play();
    }
    this.session?.destroy();
    this.set({ track, status: 'loading', error: null, time: 0, duration: 0 });
    setDockActive(true);
    const session = new PlaybackSession(el, {
      courseId: track.courseId,
      chapterId: track.chapterId,
      startAt: resumeFrom(queryClient, track.courseId, track.chapterId),
      auth: null,
      fetchAuth: postPlayAuth,
      onChange: (snap) => {
        if (this.session !== session) return;
        this.set({ status: snap.status, error: snap.error });
        if (snap.auth?.duration && !this.state.duration) this.set({ duration: snap.auth.duration });
      },
    });
    this.session = session;
    this.updateSession();
    return session.play();
  }

  private updateSession(): void {
    const t = this.state.track;
    if (!t) return;
    const prev = previousPlayable(this.state.playlist, t.chapterId);
    const next = nextPlayable(this.state.playlist, t.chapterId);
    updateMediaSession(
      { title: t.title, artist: t.lecturer, album: t.courseName, cover: t.cover },
      {
        play: () => void this.resume(),
        pause: () => this.pause(),
        seekBy: (s) => this.seekBy(s),
        seekTo: (s) => this.seekTo(s),
        previous: prev ? () => void this.playChapter(prev) : null,
        next: next ? () => void this.playChapter(next) : null,
      },
    );
  }

  private playChapter(item: PlaylistItem): Promise<void> {
    const t = this.state.track;
    if (!t) return Promise.resolve();
    return this.play({ ...t, chapterId: item.chapterId, title: item.title });
  }

  resume(): Promise<void> {
    return this.session?.play() ?? Promise.resolve();
  }

  pause(): void {
    this.element?.pause();
  }

  toggle(): void {
    const el = this.element;
    if (!el) return;
    if (el.paused) void this.resume();
    else el.pause();
  }

  seekTo(seconds: number): void {
    const el = this.element;
    if (!el) return;
    const max = Number.isFinite(el.duration) ? el.duration : this.state.duration || Infinity;
    el.currentTime = Math.max(0, Math.min(seconds, max));
    this.set({ time: el.currentTime });
  }

  seekBy(seconds: number = SEEK_STEP_SECONDS): void {
    this.seekTo((this.element?.currentTime ?? 0) + seconds);
  }

  setSpeed(speed: number): void {
    if (this.element) this.element.playbackRate = speed;
    saveSpeed(speed);
    this.set({ speed });
  }

  /** Sleep timer: pause after so many minutes, or at the end of this chapter; null cancels. */
  setSleep(choice: SleepChoice | null, now: number = Date.now()): void {
    if (this.sleepTimer) clearTimeout(this.sleepTimer);
    this.sleepTimer = null;
    if (typeof choice === 'number') {
      const ms = choice * 60_000;
      this.sleepTimer = setTimeout(() => {
        this.pause();
        this.set({ sleep: null, sleepAt: null });
      }, ms);
      this.set({ sleep: choice, sleepAt: now + ms });
    } else {
      this.set({ sleep: choice, sleepAt: null });
    }
  }

  next(): void {
    const t = this.state.track;
    const item = t ? nextPlayable(this.state.playlist, t.chapterId) : null;
    if (item) void this.playChapter(item);
  }

  previous(): void {
    const t = this.state.track;
    const item = t ? previousPlayable(this.state.playlist, t.chapterId) : null;
    if (item) void this.playChapter(item);
  }

  /** A chapter ended: the sleep timer's "end of chapter" stops here, otherwise the series goes on. */
  private handleEnded(): void {
    if (this.state.sleep === 'chapter') {
      this.set({ sleep: null });
      return;
    }
    this.next();
  }

  /** The mini bar's ×: stop, end the record, undock. */
  close(): void {
    this.session?.destroy();
    this.session = null;
    this.setSleep(null);
    clearMediaSession();
    this.set({ ...INITIAL, speed: this.state.speed });
    setDockActive(false);
  }
}

export const audioEngine = new AudioEngine();

export function useAudioState(): AudioState {
  return useSyncExternalStore(audioEngine.subscribe, audioEngine.getState, audioEngine.getState);
}
