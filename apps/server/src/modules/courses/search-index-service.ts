/**
 * The catalogue upkeep's work (issue 11, decision 022): make sure the search index covers every
 * course, then refresh planner statistics. jobs/search-index.ts decides when it runs and holds
 * the lease; a batched rebuild is resumable from the id recorded after its last batch
 * (search-repository.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { refreshPlannerStatistics } from '../../db/planner-statistics.ts';
import { rebuildSearchIndex, rebuildSearchIndexInBatches, searchIndexState } from './search-repository.ts';

type Log = { info: (obj: object | string, msg?: string) => void };

/**
 * A small catalogue whose index is missing (a fresh seed) is indexed at once: it takes
 * milliseconds and every search answers from the first request. A larger one, or a batched
 * rebuild left half done, is left to `catchUpSearchIndex`.
 */
export async function indexSmallCatalogue(db: Kysely<DB>, maxCourses: number, log: Log): Promise<void> {
  const state = await searchIndexState(db);
  if (state.stale && state.resumeFrom === null && state.courses <= maxCourses) {
    await rebuildSearchIndex(db);
    log.info('course search index rebuilt');
  }
}

/**
 * Rebuilds a stale index in batches (each its own short transaction; `afterBatch` runs between
 * them), then refreshes planner statistics — unless `shouldStop` says the app is closing.
 */
export async function catchUpSearchIndex(
  db: Kysely<DB>,
  opts: { batch: number; shouldStop: () => boolean; afterBatch: (indexed: number) => Promise<void>; log: Log },
): Promise<void> {
  const state = await searchIndexState(db);
  if (state.stale) {
    const started = Date.now();
    const indexed = await rebuildSearchIndexInBatches(db, { batch: opts.batch, shouldStop: opts.shouldStop, afterBatch: opts.afterBatch });
    if (indexed === null) return;
    opts.log.info({ courses: indexed, ms: Date.now() - started }, 'course search index rebuilt in the background');
  }
  if (!opts.shouldStop()) await refreshPlannerStatistics(db);
}
