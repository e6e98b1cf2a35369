/**
 * Full screen that works in WeChat's in-app browsers:
 * - the Fullscreen API on the player box where it works (Android XWEB, desktop), so the
 *   watermark and our controls stay over the video; landscape is requested where allowed;
 * - iOS: only the video element can go full screen (`webkitEnterFullscreen`);
 * - Android X5 (TBS) and anything else: "page full screen", the player box fixed over the page,
 *   rotated into landscape when the phone is held upright (CSS class from the player's module).
 */

export type FullscreenMode = 'api' | 'ios' | 'page';

interface WebkitVideo extends HTMLVideoElement {
  webkitEnterFullscreen?: () => void;
  webkitSupportsFullscreen?: boolean;
}

interface WebkitElement extends Omit<HTMLElement, 'requestFullscreen'> {
  requestFullscreen?: HTMLElement['requestFullscreen'];
  webkitRequestFullscreen?: () => Promise<void> | void;
}

interface WebkitDocument extends Document {
  webkitFullscreenElement?: Element | null;
  webkitExitFullscreen?: () => Promise<void> | void;
  webkitFullscreenEnabled?: boolean;
}

/** Tencent X5 / TBS WebView (older WeChat on Android): its Fullscreen API is unreliable. */
export function isX5(ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /\bTBS\/\d|MQQBrowser/i.test(ua);
}

export function isIos(ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /iPhone|iPad|iPod/i.test(ua);
}

export function fullscreenModeFor(box: HTMLElement, video: HTMLVideoElement | null, ua?: string): FullscreenMode {
  const doc = document as WebkitDocument;
  const el = box as unknown as WebkitElement;
  if (isIos(ua) && (video as WebkitVideo | null)?.webkitEnterFullscreen) return 'ios';
  if (!isX5(ua) && (doc.fullscreenEnabled || doc.webkitFullscreenEnabled) && (typeof el.requestFullscreen === 'function' || typeof el.webkitRequestFullscreen === 'function')) return 'api';
  return 'page';
}

export function fullscreenElement(): Element | null {
  const doc = document as WebkitDocument;
  return doc.fullscreenElement ?? doc.webkitFullscreenElement ?? null;
}

/** Enter full screen the best way this browser allows; answers the mode used. */
export async function enterFullscreen(box: HTMLElement, video: HTMLVideoElement | null): Promise<FullscreenMode> {
  const mode = fullscreenModeFor(box, video);
  if (mode === 'ios') {
    (video as WebkitVideo).webkitEnterFullscreen?.();
    return mode;
  }
  if (mode === 'api') {
    const el = box as unknown as WebkitElement;
    try {
      await (el.requestFullscreen ? el.requestFullscreen() : el.webkitRequestFullscreen?.());
      const orientation = screen.orientation as ScreenOrientation & { lock?: (o: string) => Promise<void> };
      await orientation?.lock?.('landscape').catch(() => undefined);
      return mode;
    } catch {
      return 'page';
    }
  }
  return 'page';
}

export async function exitFullscreen(): Promise<void> {
  const doc = document as WebkitDocument;
  if (!fullscreenElement()) return;
  try {
    screen.orientation?.unlock?.();
  } catch {
    // Not every browser lets a page unlock orientation.
  }
  await (doc.exitFullscreen ? doc.exitFullscreen() : doc.webkitExitFullscreen?.());
}
