/**
 * The boot-time half of the audio player: one flag, "something is loaded in the audio player",
 * that the app shell's <AudioDock> watches. Everything else (the <audio> element, the engine,
 * the mini bar) loads on first play.
 */

/** localStorage key of the listen-report outbox (features/player/lib/outbox.ts). */
export const OUTBOX_KEY = 'jf_listen_outbox';

let active = false;
const listeners = new Set<() => void>();

export function isDockActive(): boolean {
  return active;
}

export function setDockActive(next: boolean): void {
  if (active === next) return;
  active = next;
  for (const listener of listeners) listener();
}

export function subscribeDock(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
