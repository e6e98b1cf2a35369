/**
 * A live's page status (spec §4) follows from the clock, so nothing has to flip it when a class
 * starts or ends: before the start 2 (not begun), until the end 3 (living), then 5 when a replay
 * is available, else 4 (ended).
 */
import { LivePageStatus } from '@jinfa/shared';

export function liveStatus(live: { start_at: number; end_at: number; has_replay: number }, now: number): number {
  if (now < live.start_at) return LivePageStatus.NOT_BEGUN;
  if (now < live.end_at) return LivePageStatus.LIVING;
  return live.has_replay === 1 ? LivePageStatus.REPLAY : LivePageStatus.ENDED;
}
