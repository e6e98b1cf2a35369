import { OUTBOX_KEY } from '../audio/dock-store.ts';
import { readJson, writeJson } from '../../../lib/storage.ts';
import type { Delivery, ListenReport } from '../api/post-listen.ts';

/**
 * The listen-report outbox: every report is written to localStorage BEFORE it is sent and removed
 * only when the server has taken it, so nothing is lost across `pagehide`, a reload or a spell
 * offline; what is left is sent again on the next load and when the browser comes back online.
 *
 * Sending twice is harmless by contract (the server keeps the MAX of `playedSeconds` per record),
 * which is what makes a beacon safe: a beaconed report stays queued and goes again by fetch
 * later, because a beacon accepted by a browser that is offline is lost without a word.
 * Reports of one record coalesce: one `start`, and the latest progress (heartbeat or exit).
 */

export { OUTBOX_KEY };
const MAX_ITEMS = 300;
const MAX_AGE_MS = 7 * 24 * 3600_000;
/** A report refused for want of a login is kept for this many tries (a new login may deliver it). */
const MAX_ATTEMPTS = 20;

export interface OutboxItem {
  /** `${recordId}:start` or `${recordId}:progress`. */
  id: string;
  /** Bumped on every replacement, so an answer to an older copy does not remove a newer one. */
  seq: number;
  courseId: number;
  body: ListenReport;
  /** Who played it: the token is used only when someone else is signed in by the time it is sent. */
  userId: number | null;
  token: string | null;
  attempts: number;
  createdAt: number;
}

export interface OutboxTransport {
  send(item: OutboxItem): Promise<Delivery>;
  beacon(item: OutboxItem): boolean;
}

export interface OutboxOptions {
  transport: OutboxTransport;
  key?: string;
  now?: () => number;
}

function slot(report: ListenReport): string {
  return `${report.recordId}:${report.event === 'start' ? 'start' : 'progress'}`;
}

export class Outbox {
  private readonly transport: OutboxTransport;
  private readonly key: string;
  private readonly now: () => number;
  private flushing: Promise<void> | null = null;
  private again = false;
  private seq = 0;

  constructor({ transport, key = OUTBOX_KEY, now = () => Date.now() }: OutboxOptions) {
    this.transport = transport;
    this.key = key;
    this.now = now;
  }

  items(): OutboxItem[] {
    const raw = readJson<OutboxItem[]>(this.key);
    return Array.isArray(raw) ? raw.filter((i) => i && typeof i.id === 'string' && i.body) : [];
  }

  private save(items: OutboxItem[]): void {
    const fresh = items.filter((i) => this.now() - i.createdAt < MAX_AGE_MS);
    writeJson(this.key, fresh.slice(-MAX_ITEMS));
  }

  /** Queue a report (replacing the older progress of the same record). Synchronous: safe in `pagehide`. */
  put(courseId: number, body: ListenReport, who: { userId: number | null; token: string | null }): OutboxItem {
    const items = this.items();
    const id = slot(body);
    const at = items.findIndex((i) => i.id === id);
    const previous = at >= 0 ? items[at] : undefined;
    this.seq = Math.max(this.seq, previous?.seq ?? 0) + 1;
    // Cumulative by contract: a replacement never carries fewer played seconds than what it replaces.
    const playedSeconds = Math.max(body.playedSeconds, previous?.body.playedSeconds ?? 0);
    const item: OutboxItem = {
      id,
      seq: this.seq,
      courseId,
      body: { ...body, playedSeconds },
      userId: who.userId,
      token: who.token,
      attempts: 0,
      createdAt: previous?.createdAt ?? this.now(),
    };
    if (at >= 0) items.splice(at, 1);
    items.push(item);
    this.save(items);
    return item;
  }

  /** Remove an item only if it is still the copy that was sent. */
  private settle(sent: OutboxItem, delivery: Delivery): void {
    const items = this.items();
    const at = items.findIndex((i) => i.id === sent.id);
    const current = at >= 0 ? items[at] : undefined;
    if (!current) return;
    if (current.seq !== sent.seq) return;
    if (delivery === 'ok' || delivery === 'drop' || current.attempts + 1 >= MAX_ATTEMPTS) items.splice(at, 1);
    else items[at] = { ...current, attempts: current.attempts + 1 };
    this.save(items);
  }

  /**
   * Send what is queued, oldest first, one at a time. Concurrent calls share one pass (plus one
   * more pass for what was queued meanwhile); a pass stops at the first failure to retry later.
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      do {
        this.again = false;
        for (const item of this.items()) {
          const delivery = await this.transport.send(item);
          this.settle(item, delivery);
          if (delivery === 'retry') return;
        }
      } while (this.again);
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Hand every queued report to `navigator.sendBeacon` (page going away); they stay queued. */
  beaconAll(): number {
    let sent = 0;
    for (const item of this.items()) if (this.transport.beacon(item)) sent += 1;
    return sent;
  }
}
