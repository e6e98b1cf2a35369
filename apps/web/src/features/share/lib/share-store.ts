import type { ShareInput } from './share-data.ts';

/**
 * The share data the page on screen asked for (useShare), read by the WeChat share controller.
 * A tiny external store, so that setting it from a page costs nothing outside WeChat.
 */
let current: ShareInput | null = null;
const listeners = new Set<() => void>();

export function setPageShare(input: ShareInput | null): void {
  current = input;
  for (const listener of listeners) listener();
}

export function getPageShare(): ShareInput | null {
  return current;
}

export function subscribePageShare(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
