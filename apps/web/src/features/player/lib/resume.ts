import type { QueryClient } from '@tanstack/react-query';
import { listenProgressQueryOptions, resumePosition } from '../api/get-listen-progress.ts';
import { listenOutbox } from './listen-outbox.ts';

const FLUSH_WAIT_MS = 1500;

/**
 * Where a chapter should start: reports an earlier page left queued go first (bounded wait), so
 * the server's `listen_progress` already has them, then the saved position.
 */
export async function resumeFrom(queryClient: QueryClient, courseId: number, chapterId: number | null): Promise<number> {
  await Promise.race([listenOutbox.flush(), new Promise((r) => setTimeout(r, FLUSH_WAIT_MS))]);
  const progress = await queryClient.fetchQuery(listenProgressQueryOptions(courseId)).catch(() => undefined);
  return resumePosition(progress, chapterId);
}
