import type HlsType from 'hls.js';
import { forcedHlsJs } from './player-prefs.ts';

/**
 * Puts an HLS URL on a media element: natively where the browser plays HLS (Safari, iOS and
 * WeChat's WebViews, recent Chromium), otherwise through hls.js on Media Source Extensions,
 * loaded only then (its light build: no subtitles, alternate audio or DRM, which we do not use).
 */

export type Engine = 'native' | 'hlsjs';

export interface QualityLevel {
  /** Index to pass to `setLevel`; -1 is automatic. */
  index: number;
  label: string;
  height: number;
}

export interface AttachedSource {
  engine: Engine;
  levels(): QualityLevel[];
  /** -1 automatic. */
  level(): number;
  setLevel(index: number): void;
  destroy(): void;
}

export interface AttachOptions {
  startAt: number;
  /** Fatal failure; `status` is the HTTP status of the request that failed, when known (403: expired URL). */
  onFatal: (status: number | null) => void;
  onLevels?: () => void;
}

const HLS_MIME = 'application/vnd.apple.mpegurl';

export function nativeHls(media: HTMLMediaElement): boolean {
  return typeof media.canPlayType === 'function' && media.canPlayType(HLS_MIME) !== '';
}

export function mseSupported(): boolean {
  const w = globalThis as { MediaSource?: { isTypeSupported?: (t: string) => boolean }; ManagedMediaSource?: unknown };
  return Boolean(w.ManagedMediaSource ?? w.MediaSource?.isTypeSupported?.('video/mp4; codecs="avc1.42E01E,mp4a.40.2"'));
}

export function chooseEngine(media: HTMLMediaElement): Engine {
  if (forcedHlsJs() && mseSupported()) return 'hlsjs';
  if (nativeHls(media)) return 'native';
  return 'hlsjs';
}

let hlsModule: Promise<typeof HlsType> | null = null;
/** hls.js, fetched once on first need (never in the boot or course-page first chunk). */
export function loadHlsJs(): Promise<typeof HlsType> {
  hlsModule ??= import('hls.js/light')
    .then((m) => m.default)
    .catch((error: unknown) => {
      hlsModule = null;
      throw error;
    });
  return hlsModule;
}

function labelFor(height: number): string {
  if (height >= 720) return '高清';
  if (height >= 480) return '标清';
  return '流畅';
}

function attachNative(media: HTMLMediaElement, url: string, { startAt, onFatal }: AttachOptions): AttachedSource {
  const onError = () => onFatal(null);
  const onMeta = () => {
    if (startAt > 0 && Math.abs(media.currentTime - startAt) > 1) media.currentTime = startAt;
  };
  media.addEventListener('error', onError);
  media.addEventListener('loadedmetadata', onMeta, { once: true });
  media.src = url;
  return {
    engine: 'native',
    levels: () => [],
    level: () => -1,
    setLevel: () => {},
    destroy: () => {
      media.removeEventListener('error', onError);
      media.removeEventListener('loadedmetadata', onMeta);
      media.removeAttribute('src');
      media.load();
    },
  };
}

async function attachHlsJs(media: HTMLMediaElement, url: string, { startAt, onFatal, onLevels }: AttachOptions): Promise<AttachedSource> {
  const Hls = await loadHlsJs();
  const hls = new Hls({
    startPosition: startAt > 0 ? startAt : -1,
    // Start on a modest rendition for a fast first frame; ABR climbs from there.
    startLevel: -1,
    abrEwmaDefaultEstimate: 1_000_000,
    capLevelToPlayerSize: true,
    maxBufferLength: 30,
    backBufferLength: 30,
    enableWorker: true,
    lowLatencyMode: false,
  });
  let dead = false;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal || dead) return;
    const status = (data.response as { code?: number } | undefined)?.code ?? null;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && status == null) {
      // A decode hiccup: hls.js can usually recover by itself once.
      hls.recoverMediaError();
      return;
    }
    onFatal(status);
  });
  hls.on(Hls.Events.MANIFEST_PARSED, () => onLevels?.());
  hls.loadSource(url);
  hls.attachMedia(media);
  return {
    engine: 'hlsjs',
    levels: () =>
      hls.levels.map((l, index) => ({ index, height: l.height, label: labelFor(l.height) })),
    level: () => (hls.autoLevelEnabled ? -1 : hls.currentLevel),
    setLevel: (index) => {
      // nextLevel switches at the next fragment boundary without flushing what is buffered.
      hls.nextLevel = index;
    },
    destroy: () => {
      dead = true;
      hls.destroy();
    },
  };
}

export async function attachSource(media: HTMLMediaElement, url: string, engine: Engine, options: AttachOptions): Promise<AttachedSource> {
  return engine === 'native' ? attachNative(media, url, options) : attachHlsJs(media, url, options);
}
