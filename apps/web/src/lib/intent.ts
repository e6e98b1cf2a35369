/**
 * Runs `fn` once, at the learner's first sign of intent on the page: a touch, a click, a key or
 * a focus move. Code that only a later tap needs (the page table, the toasts) loads then rather
 * than when the browser is idle, so a visit that only looks at home downloads none of it (home
 * first-load budget, counted until the network is idle: decision 023). A touch comes about 100 ms
 * before its click, time enough for a few KB over a phone network.
 */
const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

let pending: (() => void)[] | null = null;

function fire(): void {
  const queue = pending ?? [];
  pending = null;
  for (const type of EVENTS) window.removeEventListener(type, fire, true);
  for (const fn of queue) fn();
}

export function onFirstIntent(fn: () => void): void {
  if (typeof window === 'undefined') return;
  if (!pending) {
    pending = [];
    for (const type of EVENTS) window.addEventListener(type, fire, { capture: true, passive: true });
  }
  pending.push(fn);
}
