/**
 * The console's resumable uploads (docs/console.md "Media uploads"): what an upload may be, the
 * checks made when one is created, what happens when its last byte arrives (one transaction: a
 * pending media asset with its own key on the chapter, the upload marked finished, the audit
 * row), and the background hand-over to the existing pipeline (media-service.ts runImport →
 * transcode.ts; decision 010). No transcoding here.
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { Metadata } from '@tus/server';
import { ErrorCodes, ConsoleErrorCodes, errorMessage } from '@jinfa/shared';
import type { Db } from '../../../db/conn.ts';
import type { MediaUploadRow } from '../../../db/schema.ts';
import type { MediaStorage } from '../../../adapters/storage/media-storage.ts';
import { AppError } from '../../../lib/errors.ts';
import { assertCourseReach, type OperatorContext } from '../guard.ts';
import { writeAudit } from '../audit.ts';
import { findAsset, findReadyAsset, insertAsset, insertKey, updateAsset, type MediaAssetRow } from '../../media/media-repository.ts';
import { runImport } from '../../media/media-service.ts';
import { detectFfmpeg } from '../../media/transcode.ts';
import { findUploadTarget, insertUpload, markUploadFinished, setChapterDuration, type UploadTarget } from './upload-repository.ts';

/** 4 GB: a two-hour lecture recorded at a generous bitrate. */
export const MAX_UPLOAD_BYTES = 4 * 1024 ** 3;

export type UploadKind = 'video' | 'audio' | 'document';

const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);

/** Browsers leave `File.type` empty for some files (.mkv, .flv, .pptx on some systems): the extension decides then. */
const TYPE_BY_EXTENSION: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/x-m4v',
  '.mov': 'video/quicktime',
  '.mkv': 'video/x-matroska',
  '.webm': 'video/webm',
  '.avi': 'video/x-msvideo',
  '.flv': 'video/x-flv',
  '.wmv': 'video/x-ms-wmv',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.pdf': 'application/pdf',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/** The type the file is taken for: the client's, else (empty or octet-stream) the extension's. */
export function effectiveType(filetype: string, filename: string): string {
  const t = filetype.split(';')[0]!.trim().toLowerCase();
  if (t && t !== 'application/octet-stream') return t;
  return TYPE_BY_EXTENSION[path.extname(filename).toLowerCase()] ?? t;
}

export function uploadKind(filetype: string): UploadKind | null {
  if (!MIME.test(filetype)) return null;
  if (filetype.startsWith('video/')) return 'video';
  if (filetype.startsWith('audio/')) return 'audio';
  return DOCUMENT_TYPES.has(filetype) ? 'document' : null;
}

export interface CreationHeaders {
  uploadLength: string | undefined;
  deferLength: string | undefined;
  metadata: string | undefined;
}

export interface CheckedUpload {
  target: UploadTarget;
  filename: string;
  filetype: string;
  kind: UploadKind;
  size: number;
}

/**
 * The checks of a tus creation request, in the order an operator can act on: the file's name and
 * type, its size, then the chapter (which must exist and be within the operator's reach) and
 * whether the file suits the course (a video course plays video; an audio course plays audio,
 * taken from a video's sound track if need be). Documents (PDF, PPT) suit any course.
 */
export async function checkNewUpload(db: Db, op: OperatorContext, h: CreationHeaders): Promise<CheckedUpload> {
  let meta: Record<string, string | null>;
  try {
    meta = Metadata.parse(h.metadata ?? undefined);
  } catch {
    throw new AppError(ConsoleErrorCodes.UPLOAD_METADATA_INVALID);
  }
  const filename = (meta.filename ?? '').trim();
  if (!filename || filename.length > 255) throw new AppError(ConsoleErrorCodes.UPLOAD_METADATA_INVALID);
  const filetype = effectiveType(meta.filetype ?? '', filename);
  const kind = uploadKind(filetype);
  if (!kind) throw new AppError(ConsoleErrorCodes.UPLOAD_TYPE_NOT_ALLOWED);

  // A deferred length would let the size limit bite only after gigabytes arrived.
  if (h.deferLength !== undefined || h.uploadLength === undefined || !/^\d{1,16}$/.test(h.uploadLength)) throw new AppError(ConsoleErrorCodes.UPLOAD_LENGTH_INVALID);
  const size = Number(h.uploadLength);
  if (size === 0) throw new AppError(ConsoleErrorCodes.UPLOAD_LENGTH_INVALID);
  if (size > MAX_UPLOAD_BYTES) throw new AppError(ConsoleErrorCodes.UPLOAD_TOO_LARGE);

  const chapterId = Number(meta.chapterId ?? '');
  if (!/^\d{1,10}$/.test(meta.chapterId ?? '') || !Number.isSafeInteger(chapterId) || chapterId < 1) throw new AppError(ConsoleErrorCodes.UPLOAD_CHAPTER_INVALID);
  const target = await findUploadTarget(db, chapterId);
  if (!target) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND, '章节不存在或不在您的管理范围内');
  assertCourseReach(op, target.courseLecturerId);
  // An audio course takes a video's sound track (transcode.ts maps 0:a:0); a video course needs pictures.
  if (kind === 'audio' && target.mediaType !== 2) throw new AppError(ConsoleErrorCodes.UPLOAD_TYPE_MISMATCH);
  return { target, filename, filetype, kind, size };
}

/** Records a created upload as the operator's (the tus id is the row's id). */
export function recordUpload(db: Db, id: string, op: OperatorContext, c: CheckedUpload, now: number): Promise<void> {
  return insertUpload(db, { id, operator_id: op.id, course_id: c.target.courseId, chapter_id: c.target.chapterId, filename: c.filename, filetype: c.filetype, size: c.size }, now);
}

/**
 * The last byte arrived. Video and audio become a pending media asset on the chapter (with its
 * own AES key, as an import does) — the newest ready asset of a chapter is the one that plays,
 * so the old recording keeps playing until the new one is ready. Documents are kept as uploaded
 * (no courseware model yet). One transaction with the audit row.
 */
export async function finishUpload(db: Db, request: FastifyRequest, upload: MediaUploadRow, now: number): Promise<MediaAssetRow | null> {
  const kind = uploadKind(upload.filetype);
  return db.transaction().execute(async (trx) => {
    const before = await findReadyAsset(trx, upload.course_id, upload.chapter_id);
    let asset: MediaAssetRow | null = null;
    if (kind === 'video' || kind === 'audio') {
      const target = await findUploadTarget(trx, upload.chapter_id);
      if (!target) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND, '章节已被删除');
      asset = await insertAsset(trx, { course_id: target.courseId, chapter_id: target.chapterId, media_type: target.mediaType, status: 'pending', storage_prefix: `assets/${crypto.randomBytes(8).toString('hex')}`, source: 'import' }, now);
      await insertKey(trx, asset.id, crypto.randomBytes(16).toString('hex'), crypto.randomBytes(16).toString('hex'));
    }
    if (!(await markUploadFinished(trx, upload.id, asset?.id ?? null, now))) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND, '该上传已完成');
    await writeAudit(trx, request, {
      action: 'media.upload',
      targetType: 'chapter',
      targetId: upload.chapter_id,
      before: { mediaAssetId: before?.id ?? null },
      after: { mediaAssetId: asset?.id ?? null, uploadId: upload.id, filename: upload.filename, filetype: upload.filetype, size: upload.size, kind },
    });
    return asset;
  });
}

export interface TranscodeDeps {
  db: Db;
  storage: MediaStorage;
  ffmpegPath: string;
  /** Scratch space for ffmpeg's output before it is published (DATA_DIR/tmp). */
  workDir: string;
}

/**
 * Runs the existing pipeline on an uploaded file: encrypted HLS into the media storage, progress
 * on the asset row, failures kept on the row (shown by GET /v1/admin/media/:assetId). Once ready,
 * the chapter's listed length becomes the recording's.
 */
export async function transcodeUpload(deps: TranscodeDeps, asset: MediaAssetRow, file: string): Promise<MediaAssetRow> {
  const ff = await detectFfmpeg(deps.ffmpegPath);
  if (!ff) {
    await updateAsset(deps.db, asset.id, { status: 'failed', error: errorMessage(ErrorCodes.TRANSCODER_MISSING) }, Date.now());
  } else {
    await fsp.mkdir(deps.workDir, { recursive: true });
    const row = await runImport(deps.db, deps.storage, ff, asset, file, { workDir: deps.workDir });
    if (row.status === 'ready' && row.chapter_id !== null && row.duration_seconds !== null) await setChapterDuration(deps.db, row.chapter_id, row.duration_seconds);
  }
  const row = await findAsset(deps.db, asset.id);
  if (!row) throw new Error(`media asset ${asset.id} vanished`);
  return row;
}
