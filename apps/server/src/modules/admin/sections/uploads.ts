/**
 * Console media: resumable uploads (tus 1.0 over @tus/server + @tus/file-store) and the asset
 * status the console polls (docs/console.md "Media uploads").
 * - POST   /v1/admin/uploads             create (Upload-Length, Upload-Metadata filename, filetype, chapterId)
 * - HEAD   /v1/admin/uploads/:uploadId   the offset to resume from
 * - PATCH  /v1/admin/uploads/:uploadId   append bytes (application/offset+octet-stream)
 * - DELETE /v1/admin/uploads/:uploadId   give up an upload
 * - GET    /v1/admin/media/:assetId      {status, progress, error, durationSeconds, …}
 * Every tus request passes the console guard first (roles owner, operator, lecturer; CSRF on
 * writes) and, for an existing upload, the check that it is the caller's; our coded errors
 * answer before tus sees the request. Then the raw request is handed to tus (reply.hijack()).
 * Its own plugin, so the pass-through body parser applies to these routes only.
 */
import fsp from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Server, type Upload } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { Envelope, ErrorCodes, ConsoleErrorCodes, MediaAsset, MediaAssetParam } from '@jinfa/shared';
import { ok } from '../../../lib/envelope.ts';
import { AppError, NotFoundError } from '../../../lib/errors.ts';
import { opsTokenGuard } from '../../../lib/ops-token.ts';
import { assertCourseReach, requireOperator, requireRoles } from '../guard.ts';
import { findAsset } from '../../media/media-repository.ts';
import { presentAsset } from '../../media/media-service.ts';
import { deleteUpload, findCourseLecturerId, findUpload } from './upload-repository.ts';
import { MAX_UPLOAD_BYTES, checkNewUpload, finishUpload, recordUpload, transcodeUpload, type CheckedUpload } from './upload-service.ts';

const UPLOAD_ID = /^[0-9a-f]{32}$/;

const UploadParams = Type.Object({ uploadId: Type.String({ description: 'the tus upload id (from the Location of the creation answer)' }) });

/** What our preHandlers learnt about a request, for tus's hooks (which see only a web Request). */
interface TusContext {
  request: FastifyRequest;
  checked?: CheckedUpload;
}

/** A tus hook's refusal: the envelope as the body, with the catalogue's HTTP status. */
function tusRefusal(err: unknown): { status_code: number; body: string } {
  const e = err instanceof AppError ? err : new AppError(ErrorCodes.SERVER_ERROR);
  return { status_code: e.status >= 400 ? e.status : 400, body: JSON.stringify({ code: e.code, message: e.message, data: null }) };
}

export async function uploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const consoleGuard = requireRoles('operator', 'lecturer');
  const opsGuard = opsTokenGuard(app.config.opsToken);
  const directory = path.join(app.config.dataDir, 'uploads');
  const contexts = new WeakMap<IncomingMessage, TusContext>();
  const contextOf = (req: Request): TusContext => {
    const raw = (req as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const ctx = raw ? contexts.get(raw) : undefined;
    if (!ctx) throw tusRefusal(new AppError(ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED));
    return ctx;
  };

  /**
   * The tus server and its file store, made on the first upload request: the directory is created
   * then, so a data directory that takes no writes fails that request with a coded 503 (and
   * /healthz says why) instead of stopping the server at start (FileStore's own mkdir throws
   * outside any promise).
   */
  let made: Promise<{ tus: Server; store: FileStore }> | null = null;
  const tusServer = () =>
    (made ??= fsp.mkdir(directory, { recursive: true }).then(
      () => {
        const store = new FileStore({ directory });
        const transcodeDeps = { db: app.db, storage: app.adapters.mediaStorage, ffmpegPath: app.config.media.ffmpegPath, workDir: path.join(app.config.dataDir, 'tmp') };
        const tus = new Server({
          path: `${app.prefix}/admin/uploads`,
          datastore: store,
          maxSize: MAX_UPLOAD_BYTES,
          // Same origin as the console: a relative Location needs no proxy headers to be right.
          relativeLocation: true,
          exposedHeaders: ['X-Media-Asset-Id'],
          async onUploadCreate(req: Request, upload: Upload) {
            const ctx = contextOf(req);
            if (!ctx.checked) throw tusRefusal(new AppError(ConsoleErrorCodes.UPLOAD_METADATA_INVALID));
            const op = requireOperator(ctx.request);
            try {
              await recordUpload(app.db, upload.id, op, ctx.checked, Date.now());
            } catch (err) {
              ctx.request.log.error({ err }, 'upload record failed');
              throw tusRefusal(err);
            }
            const { filename, filetype, target } = ctx.checked;
            return { metadata: { filename, filetype, chapterId: String(target.chapterId) } };
          },
          async onUploadFinish(req: Request, upload: Upload) {
            const ctx = contextOf(req);
            const row = await findUpload(app.db, upload.id);
            if (!row) throw tusRefusal(new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND));
            let asset;
            try {
              asset = await finishUpload(app.db, ctx.request, row, Date.now());
            } catch (err) {
              ctx.request.log.error({ err, uploadId: upload.id }, 'upload finish failed');
              throw tusRefusal(err);
            }
            ctx.request.log.info({ uploadId: upload.id, assetId: asset?.id ?? null, chapterId: row.chapter_id, size: row.size }, 'upload finished');
            if (!asset) return {};
            const file = path.join(directory, upload.id);
            const log = app.log.child({ uploadId: upload.id, assetId: asset.id });
            // In the background: the operator polls GET /v1/admin/media/:assetId.
            void transcodeUpload(transcodeDeps, asset, file)
              .then((done) => log.info({ status: done.status, error: done.error }, 'uploaded media transcoded'))
              .catch((err: unknown) => log.error({ err }, 'uploaded media transcode crashed'))
              .finally(() => store.remove(upload.id).catch((err: unknown) => log.warn({ err }, 'upload file not removed')));
            return { headers: { 'X-Media-Asset-Id': String(asset.id) } };
          },
        });
        return { tus, store };
      },
      (err: unknown) => {
        made = null;
        throw err;
      },
    ));

  // tus reads the body itself: leave the stream untouched (tus's Fastify example).
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  /** An existing upload answers only to the operator who created it; to anyone else it does not exist. */
  async function requireOwnUpload(request: FastifyRequest<{ Params: { uploadId: string } }>) {
    const op = requireOperator(request);
    const id = request.params.uploadId;
    const row = UPLOAD_ID.test(id) ? await findUpload(app.db, id) : undefined;
    if (!row || row.operator_id !== op.id) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND);
  }

  async function handOver(request: FastifyRequest, reply: FastifyReply, ctx: TusContext) {
    const { tus } = await tusServer();
    contexts.set(request.raw, ctx);
    // A hijacked reply skips onSend: carry over what the app's hooks set (security headers) and ours.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.raw.setHeader('x-request-id', request.id);
    reply.raw.setHeader('cache-control', 'no-store');
    reply.hijack();
    try {
      await tus.handle(request.raw, reply.raw);
    } catch (err) {
      // A dropped connection ends here; the bytes that arrived are kept and HEAD tells the client.
      request.log.warn({ err }, 'tus request ended early');
    }
  }

  const tusHeaders = Type.Object({
    'tus-resumable': Type.Optional(Type.String({ description: '1.0.0' })),
    'x-csrf-token': Type.Optional(Type.String({ description: "the session's CSRF token (POST, PATCH, DELETE)" })),
  });

  app.post(
    '/admin/uploads',
    {
      preHandler: consoleGuard,
      schema: {
        summary: 'Create a resumable (tus 1.0) upload for a chapter',
        description: 'Headers Upload-Length (bytes, at most 4 GB) and Upload-Metadata (filename, filetype, chapterId, base64). Answers 201 with Location.',
        headers: tusHeaders,
      },
    },
    async (request, reply) => {
      const op = requireOperator(request);
      const h = request.headers;
      const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
      const checked = await checkNewUpload(app.db, op, { uploadLength: one(h['upload-length']), deferLength: one(h['upload-defer-length']), metadata: one(h['upload-metadata']) });
      await handOver(request, reply, { request, checked });
    },
  );

  app.route<{ Params: { uploadId: string } }>({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: '/admin/uploads/:uploadId',
    preHandler: [consoleGuard, requireOwnUpload],
    schema: {
      summary: 'tus 1.0: HEAD gives Upload-Offset, PATCH appends from it, DELETE gives the upload up',
      params: UploadParams,
      headers: tusHeaders,
    },
    handler: async (request, reply) => {
      await handOver(request, reply, { request });
      if (request.method === 'DELETE' && reply.raw.statusCode === 204) await deleteUpload(app.db, request.params.uploadId);
    },
  });

  // The console polls this; the ops-token import (media/admin-routes.ts, `media:import` users) may too.
  app.get(
    '/admin/media/:assetId',
    {
      preHandler: async function mediaGuard(request, reply) {
        if (request.headers['x-ops-token'] !== undefined) return opsGuard(request);
        return consoleGuard.call(this, request, reply);
      },
      schema: { summary: 'A media asset: status (pending, processing, ready, failed), progress 0–100, error, durationSeconds', params: MediaAssetParam, response: { 200: Envelope(MediaAsset) } },
    },
    async (request) => {
      const asset = await findAsset(app.db, request.params.assetId);
      if (!request.operator) {
        if (!asset) throw new NotFoundError('媒体不存在');
        return ok(presentAsset(asset));
      }
      const op = requireOperator(request);
      if (!asset) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND);
      if (op.role !== 'owner' && op.role !== 'operator') {
        // Library clips (no course) belong to no lecturer.
        const lecturerId = asset.course_id === null ? undefined : await findCourseLecturerId(app.db, asset.course_id);
        if (lecturerId === undefined) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND);
        assertCourseReach(op, lecturerId);
      }
      return ok(presentAsset(asset));
    },
  );
}
