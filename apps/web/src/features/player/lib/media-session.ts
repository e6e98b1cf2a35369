/**
 * The Media Session API: what the lock screen, notification shade and headphones show and do
 * while audio plays (title, lecturer, cover; play/pause, ±15 s, seek, previous/next chapter).
 */

export interface NowPlaying {
  title: string;
  artist: string;
  album: string;
  cover: string;
}

export interface SessionActions {
  play: () => void;
  pause: () => void;
  seekBy: (seconds: number) => void;
  seekTo: (seconds: number) => void;
  previous: (() => void) | null;
  next: (() => void) | null;
}

export const SEEK_STEP_SECONDS = 15;

function session(): MediaSession | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;
}

function set(action: MediaSessionAction, handler: MediaSessionActionHandler | null): void {
  try {
    session()?.setActionHandler(action, handler);
  } catch {
    // An action this browser does not know.
  }
}

export function updateMediaSession(now: NowPlaying, actions: SessionActions): void {
  const ms = session();
  if (!ms) return;
  if (typeof MediaMetadata !== 'undefined') {
    const absolute = now.cover ? new URL(now.cover, window.location.href).href : '';
    ms.metadata = new MediaMetadata({
      title: now.title,
      artist: now.artist,
      album: now.album,
      artwork: absolute
        ? [
            { src: absolute, sizes: '512x512' },
            { src: absolute, sizes: '256x256' },
          ]
        : [],
    });
  }
  set('play', () => actions.play());
  set('pause', () => actions.pause());
  set('seekbackward', (d) => actions.seekBy(-(d.seekOffset ?? SEEK_STEP_SECONDS)));
  set('seekforward', (d) => actions.seekBy(d.seekOffset ?? SEEK_STEP_SECONDS));
  set('seekto', (d) => {
    if (d.seekTime != null) actions.seekTo(d.seekTime);
  });
  set('previoustrack', actions.previous ? () => actions.previous?.() : null);
  set('nexttrack', actions.next ? () => actions.next?.() : null);
}

export function updatePositionState(media: HTMLMediaElement): void {
  const ms = session();
  if (!ms || typeof ms.setPositionState !== 'function') return;
  const duration = media.duration;
  if (!Number.isFinite(duration) || duration <= 0) return;
  try {
    ms.setPositionState({ duration, position: Math.min(media.currentTime, duration), playbackRate: media.playbackRate || 1 });
  } catch {
    // Position past the duration during a source switch.
  }
}

export function setPlaybackState(state: MediaSessionPlaybackState): void {
  const ms = session();
  if (ms) ms.playbackState = state;
}

export function clearMediaSession(): void {
  const ms = session();
  if (!ms) return;
  ms.metadata = null;
  for (const action of ['play', 'pause', 'seekbackward', 'seekforward', 'seekto', 'previoustrack', 'nexttrack'] as const) set(action, null);
}
