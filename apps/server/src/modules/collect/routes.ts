/**
 * /v1/collect (spec §7.7): tracking uploads from the H5 tracker, and the operator's stats.
 *
 * Uploads: header `X-App-ID` must name a known app; the body is a JSON list of records (every
 * path also takes a single record object, the `/batch` paths included). A batch is all or
 * nothing: one bad record refuses it with a code and stores none. Code 0 comes back only after
 * the records are committed (group commit, ingest-buffer.ts); `{accepted, duplicates}` counts
 * new records and client ids already stored. The Access-Token, when sent and valid, gives the
 * userId; an expired one is ignored rather than refused, so the records still land.
 *
 * Stats: operator only, header `X-Ops-Token` (OPS_TOKEN).
 */
import { Type, type TSchema } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ClickThroughStats,
  CollectAck,
  CustomEventBatch,
  CustomEventRecord,
  ElementClickBatch,
  ElementClickRecord,
  Envelope,
  ErrorCodes,
  PageStats,
  PageVisitBatch,
  PageVisitRecord,
  StatsRangeQuery,
  TopCourseStats,
  TRACKING_MAX_BATCH,
  TRACKING_MAX_BODY_BYTES,
} from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { opsTokenGuard } from '../../lib/ops-token.ts';
import type { TrackRow } from './collect-repository.ts';
import {
  clickThrough,
  createCollector,
  customRows,
  elementRows,
  ingest,
  pageStats,
  statsRange,
  topCourses,
  visitRows,
  type IngestContext,
  type TrackKind,
} from './collect-service.ts';

export interface CollectRoutesOptions {
  /** Group-commit tuning (tests and the bench); defaults in createCollector. */
  lingerMs?: number;
  maxRows?: number;
}

function toList<T>(body: T | T[]): T[] {
  return Array.isArray(body) ? body : [body];
}

export async function collectRoutes(fastify: FastifyInstance, opts: CollectRoutesOptions = {}) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const collector = createCollector(app.db, {
    ...(opts.lingerMs !== undefined ? { lingerMs: opts.lingerMs } : {}),
    ...(opts.maxRows !== undefined ? { maxRows: opts.maxRows } : {}),
  });
  // Shutdown commits what is waiting, so requests already in flight still get their answer.
  app.addHook('onClose', async () => collector.close());

  const appIds = new Set(app.config.collectAppIds);

  /**
   * The header, else `?appId=`: the tracker's pagehide upload goes through `navigator.sendBeacon`,
   * which cannot set headers.
   */
  function appIdOf(request: FastifyRequest): unknown {
    return request.headers['x-app-id'] ?? (request.query as { appId?: unknown } | undefined)?.appId;
  }

  async function context(request: FastifyRequest): Promise<IngestContext> {
    let userId: number | null = null;
    try {
      userId = (await request.optionalUser())?.user.id ?? null;
    } catch (err) {
      // A stale token must not cost the learner's records: store them as anonymous.
      if (!(err instanceof AppError && err.code === ErrorCodes.TOKEN_INVALID)) throw err;
    }
    return { appId: appIdOf(request) as string, userId, now: Date.now() };
  }

  const uploadOptions = {
    bodyLimit: TRACKING_MAX_BODY_BYTES,
    // Before the body is read: an unknown app is refused without parsing its upload.
    onRequest: async (request: FastifyRequest) => {
      const appId = appIdOf(request);
      if (typeof appId !== 'string' || !appIds.has(appId)) throw new AppError(ErrorCodes.TRACKING_APP_UNKNOWN);
    },
    // Before validation: a too-long list gets its own code (the tracker splits it and resends).
    preValidation: async (request: FastifyRequest) => {
      if (Array.isArray(request.body) && request.body.length > TRACKING_MAX_BATCH) {
        throw new AppError(ErrorCodes.TRACKING_BATCH_TOO_LARGE);
      }
    },
  };

  function upload<R>(path: string, record: TSchema, batch: TSchema, kind: TrackKind, toRows: (records: R[], ctx: IngestContext) => TrackRow[]) {
    const schema = (body: TSchema, summary: string) => ({
      summary,
      headers: Type.Object({ 'x-app-id': Type.Optional(Type.String({ maxLength: 64 })) }),
      querystring: Type.Object({ appId: Type.Optional(Type.String({ maxLength: 64 })) }),
      body,
      response: { 200: Envelope(CollectAck) },
    });
    const handle = async (request: FastifyRequest) => {
      const ctx = await context(request);
      const rows = toRows(toList(request.body as R | R[]), ctx);
      return ok(await ingest(collector, kind, rows));
    };
    app.post(`/collect${path}`, { ...uploadOptions, schema: schema(Type.Union([record, batch]), 'one record or a list') }, handle);
    app.post(`/collect${path}/batch`, { ...uploadOptions, schema: schema(Type.Union([batch, record]), 'a list of records') }, handle);
  }

  upload('/page/visit', PageVisitRecord, PageVisitBatch, 'visit', visitRows);
  upload('/page/event/element', ElementClickRecord, ElementClickBatch, 'element', elementRows);
  upload('/page/event/custom', CustomEventRecord, CustomEventBatch, 'custom', customRows);

  // ---- operator stats ----
  const statsHooks = {
    onRequest: opsTokenGuard(app.config.opsToken),
  };
  const noStore = { onSend: async (_r: FastifyRequest, reply: { header: (k: string, v: string) => unknown }) => void reply.header('Cache-Control', 'private, no-store') };

  app.get(
    '/collect/stats/pages',
    { ...statsHooks, ...noStore, schema: { querystring: StatsRangeQuery, response: { 200: Envelope(PageStats) } } },
    async (request) => ok(await pageStats(app.db, statsRange(request.query, Date.now()), request.query.limit ?? 100)),
  );
  app.get(
    '/collect/stats/top_courses',
    { ...statsHooks, ...noStore, schema: { querystring: StatsRangeQuery, response: { 200: Envelope(TopCourseStats) } } },
    async (request) => ok(await topCourses(app.db, statsRange(request.query, Date.now()), request.query.limit ?? 10)),
  );
  app.get(
    '/collect/stats/click_through',
    { ...statsHooks, ...noStore, schema: { querystring: StatsRangeQuery, response: { 200: Envelope(ClickThroughStats) } } },
    async (request) => ok(await clickThrough(app.db, statsRange(request.query, Date.now()), request.query.limit ?? 100)),
  );
}
