import { readItem, writeItem } from '../../../lib/storage.ts';

/** Playback preferences kept across visits, and the test switch for the hls.js path. */

export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;
const SPEED_KEY = 'jf_play_speed';
/** `localStorage.jf_player = 'hlsjs'` (or `?player=hlsjs` in the address) forces hls.js where HLS plays natively. */
export const PLAYER_FLAG_KEY = 'jf_player';

export function savedSpeed(): number {
  const value = Number(readItem(SPEED_KEY));
  return (SPEEDS as readonly number[]).includes(value) ? value : 1;
}

export function saveSpeed(speed: number): void {
  writeItem(SPEED_KEY, String(speed));
}

function addressFlag(): string | null {
  if (typeof window === 'undefined') return null;
  const { search, hash } = window.location;
  const query = hash.includes('?') ? hash.slice(hash.indexOf('?')) : search;
  return new URLSearchParams(query).get('player') ?? new URLSearchParams(search).get('player');
}

/** Whether the hls.js path is forced (for tests: Chromium plays HLS natively). */
export function forcedHlsJs(): boolean {
  const flag = addressFlag();
  if (flag === 'hlsjs' || flag === 'native') writeItem(PLAYER_FLAG_KEY, flag);
  return (flag ?? readItem(PLAYER_FLAG_KEY)) === 'hlsjs';
}
