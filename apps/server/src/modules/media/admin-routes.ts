/**
 * Operator media import (X-Ops-Token = OPS_TOKEN, like the refunds and tracking stats):
 * - POST /v1/admin/media/import?courseId=&chapterId=&filename= with the file as the raw body
 *   (Content-Type application/octet-stream, video/* or audio/*): stored to a temp file (at most
 *   MEDIA_UPLOAD_LIMIT bytes), probed, then transcoded in the background; answers the pending asset.
 * - GET /v1/admin/media/{assetId} (status and progress to watch) is the console's route
 *   (admin/sections/uploads.ts), which still takes X-Ops-Token besides a console session.
 * Its own plugin, so the raw-body parser applies to these routes only.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, ErrorCodes, MediaAsset, MediaImportQuery } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { opsTokenGuard } from '../../lib/ops-token.ts';
import { findPlayChapter } from './media-repository.ts';
import { findPlayCourse } from '../access/access-repository.ts';
import { createImportAsset, presentAsset, runImport } from './media-service.ts';
import { detectFfmpeg, probe } from './transcode.ts';

/** application/octet-stream, video/*, audio/* */
const UPLOAD_TYPES = /^(application\/octet-stream|video\/[\w.+-]+|audio\/[\w.+-]+)$/;

class UploadTooLargeError extends Error {}

/** Streams the body into `file`, refusing more than `limit` bytes. Returns the byte count. */
async function saveUpload(body: Readable, file: string, limit: number): Promise<number> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > limit) done(new UploadTooLargeError());
      else done(null, chunk);
    },
  });
  await pipeline(body, counter, fs.createWriteStream(file, { mode: 0o600 }));
  return size;
}

export async function mediaAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const requireOps = opsTokenGuard(app.config.opsToken);
  // The upload stays a stream; saveUpload enforces MEDIA_UPLOAD_LIMIT itself.
  app.addContentTypeParser(UPLOAD_TYPES, (_request, payload, done) => done(null, payload));

  app.post(
    '/admin/media/import',
    { onRequest: requireOps, schema: { querystring: MediaImportQuery, body: Type.Unknown({ description: 'the media file, raw' }), response: { 200: Envelope(MediaAsset) } } },
    async (request) => {
      const { courseId, chapterId } = request.query;
      const ff = await detectFfmpeg(app.config.media.ffmpegPath);
      if (!ff) throw new AppError(ErrorCodes.TRANSCODER_MISSING);
      const course = await findPlayCourse(app.db, courseId);
      if (!course) throw new NotFoundError('课程不存在');
      if (chapterId !== undefined) {
        const chapter = await findPlayChapter(app.db, chapterId);
        if (!chapter || chapter.course_id !== courseId) throw new NotFoundError('章节不存在');
      }
      // Refused before reading when the size is declared; a chunked upload is cut at the limit.
      if (Number(request.headers['content-length'] ?? 0) > app.config.media.uploadLimit) throw new AppError(ErrorCodes.BODY_TOO_LARGE);
      const body = request.body as Readable | undefined;
      if (!body || typeof (body as { pipe?: unknown }).pipe !== 'function') throw new AppError(ErrorCodes.MEDIA_UPLOAD_INVALID);

      const workDir = path.join(app.config.dataDir, 'tmp');
      await fsp.mkdir(workDir, { recursive: true });
      const upload = path.join(workDir, `upload-${crypto.randomBytes(8).toString('hex')}`);
      try {
        const size = await saveUpload(body, upload, app.config.media.uploadLimit);
        if (size === 0 || !(await probe(ff, upload))) throw new AppError(ErrorCodes.MEDIA_UPLOAD_INVALID);
      } catch (err) {
        await fsp.rm(upload, { force: true });
        if (err instanceof UploadTooLargeError) throw new AppError(ErrorCodes.BODY_TOO_LARGE);
        throw err;
      }
      const asset = await createImportAsset(app.db, { courseId, chapterId }, Date.now());
      request.log.info({ assetId: asset.id, courseId, chapterId, filename: request.query.filename }, 'media import queued');
      void runImport(app.db, app.adapters.mediaStorage, ff, asset, upload, { workDir, removeInput: true })
        .then((row) => request.log.info({ assetId: row.id, status: row.status, error: row.error }, 'media import finished'))
        .catch((err: unknown) => request.log.error({ err, assetId: asset.id }, 'media import crashed'));
      return ok(presentAsset(asset));
    },
  );
}
