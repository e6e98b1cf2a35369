import { getStoredUserId } from '../../../lib/auth-store.ts';
import { getAccessToken } from '../../../lib/session.ts';
import { beaconListenReport, sendListenReport } from '../api/post-listen.ts';
import { Outbox, type OutboxItem } from './outbox.ts';

/** The token to send a queued report with: the current one if the same learner is signed in. */
function tokenFor(item: OutboxItem): string | null {
  const current = getStoredUserId();
  if (item.userId == null || current == null || item.userId === current) return getAccessToken() ?? item.token;
  return item.token;
}

export function currentListener(): { userId: number | null; token: string | null } {
  return { userId: getStoredUserId(), token: getAccessToken() };
}

/** The app's one listen-report outbox (localStorage), sent by fetch, by beacon when the page goes. */
export const listenOutbox = new Outbox({
  transport: {
    send: (item) => sendListenReport(item.courseId, item.body, tokenFor(item)),
    beacon: (item) => beaconListenReport(item.courseId, item.body, tokenFor(item)),
  },
});

let online = false;
/** Send what an earlier visit left behind, now and whenever the browser comes back online. */
export function startOutbox(): void {
  if (!online && typeof window !== 'undefined') {
    online = true;
    window.addEventListener('online', () => void listenOutbox.flush());
  }
  void listenOutbox.flush();
}
