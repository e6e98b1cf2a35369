import { vi } from 'vitest';

/**
 * jsdom has no media pipeline: HLS "can play", load() does nothing, pause() and play() change
 * `paused` and fire what a browser fires (play() starts at once on a 600-second medium).
 * Answers the play() spy. Mocks are restored after each test (`restoreMocks`).
 */
export function fakeMedia() {
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type: string) => (type.includes('mpegurl') ? 'maybe' : ''));
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
    this.dispatchEvent(new Event('pause'));
  });
  return vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    Object.defineProperty(this, 'duration', { value: 600, configurable: true });
    this.dispatchEvent(new Event('loadedmetadata'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
}
