/**
 * The catalogue upkeep at start (issue 11, decision 022): makes sure the search index covers
 * every course, then refreshes planner statistics — without holding the start-up back. The work
 * is courses/search-index-service.ts; this file decides when it runs.
 *
 * - A small catalogue whose index is missing (a fresh seed; up to `inlineMaxCourses` courses) is
 *   indexed before the app is ready, as before: it takes milliseconds and every search answers
 *   from the first request.
 * - Anything larger, or a batched rebuild left half done, runs in the background after start: in
 *   batches, each its own short transaction, resumable from the id recorded after the last one
 *   (search-repository.ts). The server serves meanwhile; search answers from what is indexed so
 *   far, and completely once the job ends.
 * - One instance at a time: the job holds a lease (`search-index`, database or Redis like the
 *   order upkeep) renewed after each batch; an instance that finds it held tries again later.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { dialectOf, type Dialect } from '../db/dialect.ts';
import { catchUpSearchIndex, indexSmallCatalogue } from '../modules/courses/search-index-service.ts';
import { leaseLockOf, newHolder, type Job } from './lease.ts';

export const SEARCH_INDEX_LOCK = 'search-index';

/** Tunables; tests lower `inlineMaxCourses` to 0 to see the background path on the seed. */
export const catalogueUpkeepSettings = {
  /** Catalogues up to this many courses are indexed before ready (a fresh seed has ~40). */
  inlineMaxCourses: 2_000,
  /**
   * Courses per batch of a background rebuild. SQLite runs a batch on the event loop's thread
   * (better-sqlite3 is synchronous), so its batches are small and the job yields between them.
   */
  batch: { sqlite: 100, postgres: 500 } as Record<Dialect, number>,
  /** When another instance holds the lease, try again after this long. */
  retryMs: 30_000,
  leaseMs: 60_000,
  /** Test seam: awaited after each batch of a background rebuild (tests hold the job here). */
  afterBatch: undefined as ((indexed: number) => Promise<void> | void) | undefined,
};

export interface CatalogueUpkeep {
  /** Settles when the current run ends (immediately when none runs). */
  idle(): Promise<void>;
  /** Runs now unless a run is under way (a held lease is retried later by itself). */
  kick(): void;
}

const upkeeps = new WeakMap<Kysely<DB>, CatalogueUpkeep>();

/** The upkeep of the app reading `db` (tests await `idle()`). */
export function catalogueUpkeepOf(db: Kysely<DB>): CatalogueUpkeep | undefined {
  return upkeeps.get(db);
}

export function searchIndexJob(app: FastifyInstance): Job {
  const { db, log } = app;
  const lock = leaseLockOf(app);
  const holder = newHolder();
  let closing = false;
  let current: Promise<void> = Promise.resolve();
  let running = false;
  let retry: NodeJS.Timeout | undefined;

  const run = async () => {
    const settings = catalogueUpkeepSettings;
    if (!(await lock.acquire(SEARCH_INDEX_LOCK, holder, settings.leaseMs, Date.now()))) {
      log.info('search index: another instance holds the lease; trying again later');
      retry = setTimeout(() => upkeep.kick(), settings.retryMs);
      retry.unref();
      return;
    }
    try {
      await catchUpSearchIndex(db, {
        batch: settings.batch[dialectOf(db)],
        shouldStop: () => closing,
        afterBatch: async (n) => {
          // Let waiting requests run before the next batch (on SQLite nothing else could).
          await new Promise((resolve) => setImmediate(resolve));
          await lock.acquire(SEARCH_INDEX_LOCK, holder, settings.leaseMs, Date.now());
          await settings.afterBatch?.(n);
        },
        log,
      });
    } finally {
      await lock.release(SEARCH_INDEX_LOCK, holder).catch(() => undefined);
    }
  };

  const upkeep: CatalogueUpkeep = {
    idle: () => current,
    kick() {
      if (running || closing) return;
      running = true;
      current = run()
        .catch((err: unknown) => log.error({ err }, 'catalogue upkeep failed'))
        .finally(() => {
          running = false;
        });
    },
  };
  upkeeps.set(db, upkeep);

  return {
    async start() {
      await indexSmallCatalogue(db, catalogueUpkeepSettings.inlineMaxCourses, log);
      // The rest (a large rebuild, statistics) never holds the start-up back.
      upkeep.kick();
    },
    async stop() {
      closing = true;
      if (retry) clearTimeout(retry);
      await current;
      await lock.close();
    },
  };
}
