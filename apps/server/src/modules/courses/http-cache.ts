/**
 * HTTP delivery of catalogue reads (decision 006): a weak ETag from a hash of the exact body,
 * 304 on If-None-Match, a Cache-Control per kind of answer, and a short in-process cache of
 * anonymous answers (already serialised through the route's response schema) so a hot list or
 * course page costs no query, no serialisation and no hash.
 *
 * The in-process cache is keyed per database handle, so anything that writes catalogue rows
 * through that handle can drop it with `invalidateCatalogue(db)`; its TTL bounds staleness
 * between instances (and against writers that forget).
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ok } from '../../lib/envelope.ts';
import { forgetCardStatics } from './course-card-repository.ts';
import { forgetListTotals } from './course-repository.ts';

/**
 * - public: same for everyone and changes rarely (catalogue): browsers and CDNs keep it 30 s.
 * - revalidate: public but learners add to it (appraisals, comments): keep, but ask every time.
 * - private: depends on the caller (isFavorite, personal picks, favourites): never stored.
 */
export type CachePolicy = 'public' | 'revalidate' | 'private';

const CACHE_CONTROL: Record<CachePolicy, string> = {
  public: 'public, max-age=30',
  revalidate: 'no-cache',
  private: 'private, no-store',
};

export const DEFAULT_CATALOGUE_TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;

interface Entry {
  body: string;
  etag: string;
  expires: number;
}

export class ResponseCache {
  /** 0 turns the cache off (the bench measures the uncached path this way). */
  ttlMs = DEFAULT_CATALOGUE_TTL_MS;
  private readonly entries = new Map<string, Entry>();
  /** Loads under way, so 50 requests arriving as an entry expires run one query, not 50. */
  readonly inflight = new Map<string, Promise<Entry>>();

  get(key: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, body: string, etag: string, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    // Bounded: a stream of distinct keywords cannot grow memory; the oldest entry goes first.
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(key);
    this.entries.set(key, { body, etag, expires: now + this.ttlMs });
  }

  /**
   * Counts clears and drops: values kept beside the cache (the signed-in course page's shared
   * course row) are valid only while it has not moved since they were read.
   */
  generation = 0;

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.inflight.clear();
  }

  /**
   * Drops the entries (and loads under way) whose key starts with `prefix`: one course's
   * appraisals or comments after a learner posts, without emptying the rest of the catalogue.
   * A walk over at most MAX_ENTRIES keys, cheap next to the write that calls it.
   */
  dropPrefix(prefix: string): void {
    this.generation++;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
    // A load that started before the write may hold the old rows: let it answer its own
    // request, but not be kept (sendCatalogue stores only while it is still the inflight one).
    for (const key of this.inflight.keys()) if (key.startsWith(prefix)) this.inflight.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<Kysely<DB>, ResponseCache>();

/** The cache of catalogue answers read from this database. */
export function catalogueCacheFor(db: Kysely<DB>): ResponseCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ResponseCache();
    caches.set(db, cache);
  }
  return cache;
}

/** Call after writing courses, chapters, tags, lecturers, banners or the search index. */
export function invalidateCatalogue(db: Kysely<DB>): void {
  caches.get(db)?.clear();
  forgetCardStatics(db);
  forgetListTotals(db);
}

export function weakEtag(body: string): string {
  return `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match holds our tag (weak comparison, lists and `*` allowed). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((part) => {
    const t = part.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * Key prefix of everything cached about one course under `route` (its appraisals, comments or
 * learners): use it as the route of `cacheKey` and hand it to `dropPrefix` after a write.
 */
export function courseScope(route: string, courseId: number): string {
  return `${route}/${courseId}`;
}

/** After a write: drops every cached answer of `route` about that course (all pages). */
export function dropCourseAnswers(store: ResponseCache, route: string, courseId: number): void {
  store.dropPrefix(`${courseScope(route, courseId)}?`);
}

/** Stable cache key from the route and the values that shape the answer. */
export function cacheKey(route: string, parts: Record<string, unknown>): string {
  const keys = Object.keys(parts).filter((k) => parts[k] !== undefined).sort();
  return `${route}?${keys.map((k) => `${k}=${String(parts[k])}`).join('&')}`;
}

export interface SendOptions<T> {
  policy: CachePolicy;
  /** Given for anonymous, cacheable answers only. */
  cache?: { store: ResponseCache; key: string };
  /** Vary on the token when the same URL answers differently once logged in. */
  varyOnToken?: boolean;
  load: () => Promise<T>;
}

/**
 * Loads (or reuses) the answer, serialises it through the route's response schema (the field
 * whitelist), tags it and sends it — or 304 when the client already has it.
 */
export async function sendCatalogue<T>(request: FastifyRequest, reply: FastifyReply, opts: SendOptions<T>): Promise<FastifyReply> {
  const cache = opts.cache;
  let entry = cache ? cache.store.get(cache.key) : undefined;
  if (!entry) {
    const build = async (): Promise<Entry> => {
      const body = reply.serialize(ok(await opts.load())) as string;
      return { body, etag: weakEtag(body), expires: 0 };
    };
    if (cache && cache.store.ttlMs > 0) {
      let pending = cache.store.inflight.get(cache.key);
      if (!pending) {
        const mine: Promise<Entry> = build()
          .then((built) => {
            // Invalidated while loading: answer this request, but do not keep a stale entry.
            if (cache.store.inflight.get(cache.key) === mine) cache.store.set(cache.key, built.body, built.etag);
            return built;
          })
          .finally(() => {
            if (cache.store.inflight.get(cache.key) === mine) cache.store.inflight.delete(cache.key);
          });
        pending = mine;
        cache.store.inflight.set(cache.key, pending);
      }
      entry = await pending;
    } else {
      entry = await build();
    }
  }
  reply.header('etag', entry.etag).header('cache-control', CACHE_CONTROL[opts.policy]);
  if (opts.varyOnToken) reply.header('vary', 'Access-Token');
  if (etagMatches(request.headers['if-none-match'], entry.etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(entry.body);
}
