/**
 * Play authorisation, permission, playlist (spec §7.2 play_auth, permitted, playlist) and the
 * operator's media import. Routes stay short; who may play is the access module's verdict
 * (decision 024) and the URL format is media-url.ts's (decision 010).
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ErrorCodes, PlayMode, errorMessage, type MediaAsset, type Permitted, type PlayAuth, type PlayQuality, type PlaylistItem } from '@jinfa/shared';
import type { UserRow } from '../../db/schema.ts';
import type { Db } from '../../db/conn.ts';
import type { MediaStorage } from '../../adapters/storage/media-storage.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { maskMobile, maskName } from '../../lib/mask.ts';
import { checkEntitlement, type Verdict } from '../access/access-service.ts';
import { findPlayCourse, type PlayChapterRow, type PlayCourseRow } from '../access/access-repository.ts';
import { openPlaySession } from '../listening/play-sessions.ts';
import { MASTER_TTL_SEC, masterPath, variantFilePath, type MediaUrlSigner } from './media-url.ts';
import { CONTENT_TYPES } from './hls.ts';
import {
  findAsset,
  findKey,
  findPlayChapter,
  findReadyAsset,
  findFirstChapterReadyAsset,
  insertAsset,
  insertKey,
  listPlayChapters,
  readyTargets,
  updateAsset,
  updateProgress,
  type MediaAssetRow,
} from './media-repository.ts';
import { enqueueTranscode, transcodeToHls, type Ffmpeg } from './transcode.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export function parseVariants(json: string): { name: string; height: number; bandwidth: number }[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? (v as { name: string; height: number; bandwidth: number }[]) : [];
  } catch {
    return [];
  }
}

export function presentAsset(row: MediaAssetRow): MediaAsset {
  return {
    assetId: row.id,
    courseId: row.course_id,
    chapterId: row.chapter_id,
    mediaType: row.media_type,
    status: row.status,
    progress: row.progress,
    error: row.error,
    durationSeconds: row.duration_seconds,
    variants: parseVariants(row.variants),
    source: row.source,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** 138****5678; without a phone the masked real name or nickname; else the learner id. */
export function watermarkFor(user: Pick<UserRow, 'id' | 'mobile' | 'name' | 'nickname'>): string {
  return maskMobile(user.mobile) || maskName(user.name) || maskName(user.nickname) || `学员${user.id}`;
}

function qualityLabel(height: number): PlayQuality['label'] {
  if (height <= 360) return '流畅';
  if (height <= 540) return '标清';
  return '高清';
}

async function loadCourse(db: Db, courseId: number): Promise<PlayCourseRow> {
  const course = await findPlayCourse(db, courseId);
  if (!course) throw new NotFoundError('课程不存在');
  return course;
}

/**
 * The chapter to play: the one asked for (it must be this course's), else — for a series — the
 * first the learner may play: the first chapter when the whole course is open to them, else the
 * first free-trial chapter, else the first chapter (whose refusal then says why).
 */
async function resolveChapter(db: Db, user: UserRow, course: PlayCourseRow, chapterId: number | undefined, now: number): Promise<{ chapter: PlayChapterRow | null; verdict: Verdict }> {
  const chapters = course.course_type === 2 ? await listPlayChapters(db, course.id) : [];
  if (chapterId !== undefined) {
    const chapter = chapters.find((c) => c.id === chapterId);
    if (!chapter) throw new NotFoundError('章节不存在');
    return { chapter, verdict: await checkEntitlement(db, user, course, chapter, now) };
  }
  if (chapters.length === 0) return { chapter: null, verdict: await checkEntitlement(db, user, course, null, now) };
  const whole = await checkEntitlement(db, user, course, chapters[0]!, now);
  if (whole.allowed) return { chapter: chapters[0]!, verdict: whole };
  const trial = chapters.find((c) => c.is_free_trial === 1);
  if (trial) return { chapter: trial, verdict: await checkEntitlement(db, user, course, trial, now) };
  return { chapter: chapters[0]!, verdict: whole };
}

/**
 * A chapter's own asset, else the course-level one (one recording for the whole series); a single
 * course without a course-level one plays its first chapter's (uploaded in the console).
 */
async function readyAssetFor(db: Db, course: PlayCourseRow, chapterId: number | null): Promise<MediaAssetRow | undefined> {
  if (chapterId !== null) {
    const own = await findReadyAsset(db, course.id, chapterId);
    if (own) return own;
  }
  const whole = await findReadyAsset(db, course.id, null);
  if (whole || course.course_type === 2) return whole;
  return findFirstChapterReadyAsset(db, course.id);
}

export async function playAuth(
  db: Db,
  signer: MediaUrlSigner,
  user: UserRow,
  courseId: number,
  q: { chapterId?: number | undefined },
  now: number,
): Promise<PlayAuth> {
  const course = await loadCourse(db, courseId);
  const base = { courseId, mediaType: course.media_type, watermark: watermarkFor(user) };
  if (course.native_only === 1) {
    // Plays only in the native app: the H5 sends the learner to /gotoApp (spec §6).
    return { ...base, videoUrl: '', mode: PlayMode.NATIVE_ONLY, chapterId: q.chapterId ?? null, expiresAt: iso(now), duration: course.duration_seconds, qualities: [], playSession: '' };
  }
  const { chapter, verdict } = await resolveChapter(db, user, course, q.chapterId, now);
  if (!verdict.allowed) throw new AppError(verdict.code);
  const asset = await readyAssetFor(db, course, chapter?.id ?? null);
  if (!asset) throw new AppError(ErrorCodes.MEDIA_NOT_READY);

  const expiresAt = Math.floor(now / 1000) + MASTER_TTL_SEC;
  const grant = { userId: user.id, courseId, expiresAt };
  // The play session the learner's listening reports are measured against (decision 016).
  const knownDuration = asset.duration_seconds ?? (chapter ? chapter.duration_seconds : course.duration_seconds);
  const playSession = await openPlaySession(db, { userId: user.id, courseId, chapterId: chapter?.id ?? null, assetId: asset.id, duration: knownDuration }, now);
  const variants = asset.media_type === 1 ? parseVariants(asset.variants).filter((v) => v.height > 0).sort((a, b) => a.height - b.height) : [];
  return {
    ...base,
    mediaType: asset.media_type,
    videoUrl: signer.url(masterPath(asset.id), grant),
    mode: PlayMode.H5,
    chapterId: chapter?.id ?? null,
    expiresAt: iso(expiresAt * 1000),
    duration: asset.duration_seconds,
    qualities: variants.map((v) => ({ label: qualityLabel(v.height), height: v.height, url: signer.url(variantFilePath(asset.id, v.name, 'index.m3u8'), grant) })),
    playSession,
  };
}

export async function permitted(db: Db, user: UserRow | null, courseId: number, chapterId: number | undefined, now: number): Promise<Permitted> {
  const course = await loadCourse(db, courseId);
  if (!user) return { permitted: false, code: ErrorCodes.LOGIN_REQUIRED, reason: errorMessage(ErrorCodes.LOGIN_REQUIRED) };
  const { verdict } = await resolveChapter(db, user, course, chapterId, now);
  return verdict.allowed ? { permitted: true } : { permitted: false, code: verdict.code, reason: errorMessage(verdict.code) };
}

export async function playlist(db: Db, user: UserRow | null, courseId: number, now: number): Promise<PlaylistItem[]> {
  const course = await loadCourse(db, courseId);
  const ready = await readyTargets(db, courseId);
  const courseAsset = ready.get(null);
  const open = async (chapter: PlayChapterRow | null) => {
    if (course.native_only === 1) return false;
    if (user) return (await checkEntitlement(db, user, course, chapter, now)).allowed;
    // Anonymous visitors: what needs no account decides (they still log in to play).
    return course.status === 1 && (course.is_free === 1 || chapter?.is_free_trial === 1);
  };
  if (course.course_type !== 2) {
    const courseAsset = ready.get(null) ?? (await findFirstChapterReadyAsset(db, courseId));
    return [{ chapterId: null, title: course.name, duration: courseAsset?.duration_seconds ?? course.duration_seconds, isFreeTrial: false, playable: !!courseAsset && (await open(null)), mediaType: course.media_type }];
  }
  const chapters = await listPlayChapters(db, courseId);
  const items: PlaylistItem[] = [];
  for (const ch of chapters) {
    const asset = ready.get(ch.id) ?? courseAsset;
    items.push({
      chapterId: ch.id,
      title: ch.title,
      duration: asset?.duration_seconds ?? ch.duration_seconds,
      isFreeTrial: ch.is_free_trial === 1,
      playable: !!asset && (await open(ch)),
      mediaType: course.media_type,
    });
  }
  return items;
}

// ---- import ----

const CONTENT_TYPE_BY_EXT: Record<string, string> = { '.m3u8': CONTENT_TYPES.playlist, '.ts': CONTENT_TYPES.segment };

/** Uploads every file under `dir` to `prefix/…` (playlists last, so a reader never finds a playlist naming missing segments). */
export async function publishDir(storage: MediaStorage, dir: string, prefix: string): Promise<void> {
  const files: string[] = [];
  const walk = async (d: string) => {
    for (const entry of await fsp.readdir(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) await walk(full);
      else files.push(full);
    }
  };
  await walk(dir);
  files.sort((a, b) => Number(a.endsWith('.m3u8')) - Number(b.endsWith('.m3u8')) || (a.endsWith('master.m3u8') ? 1 : 0) - (b.endsWith('master.m3u8') ? 1 : 0));
  for (const file of files) {
    const rel = path.relative(dir, file).split(path.sep).join('/');
    await storage.put(`${prefix}/${rel}`, await fsp.readFile(file), CONTENT_TYPE_BY_EXT[path.extname(file)] ?? 'application/octet-stream');
  }
}

export interface ImportTarget {
  courseId: number;
  chapterId?: number | undefined;
}

/** Validates the target and records a pending asset with a fresh key. */
export async function createImportAsset(db: Db, target: ImportTarget, now: number): Promise<MediaAssetRow> {
  const course = await loadCourse(db, target.courseId);
  if (target.chapterId !== undefined) {
    const chapter = await findPlayChapter(db, target.chapterId);
    if (!chapter || chapter.course_id !== course.id) throw new NotFoundError('章节不存在');
  }
  const prefix = `assets/${crypto.randomBytes(8).toString('hex')}`;
  return db.transaction().execute(async (trx) => {
    const row = await insertAsset(trx, { course_id: course.id, chapter_id: target.chapterId ?? null, media_type: course.media_type, status: 'pending', storage_prefix: prefix, source: 'import' }, now);
    await insertKey(trx, row.id, crypto.randomBytes(16).toString('hex'), crypto.randomBytes(16).toString('hex'));
    return row;
  });
}

/**
 * Transcodes `input` into the asset's prefix, keeping `progress` current (whole percents, at most
 * every 500 ms), then marks it ready — from then on it is the one that plays. Failures are kept
 * on the row. `input` is removed afterwards when `removeInput` says so (uploads).
 */
export async function runImport(
  db: Db,
  storage: MediaStorage,
  ff: Ffmpeg,
  asset: MediaAssetRow,
  input: string,
  opts: { workDir: string; removeInput?: boolean; onProgress?: (pct: number) => void },
): Promise<MediaAssetRow> {
  const out = path.join(opts.workDir, `asset-${asset.id}-${crypto.randomBytes(4).toString('hex')}`);
  try {
    const key = await findKey(db, asset.id);
    if (!key) throw new Error(`media asset ${asset.id} has no key`);
    await updateAsset(db, asset.id, { status: 'processing', progress: 0 }, Date.now());
    let last = 0;
    let lastAt = 0;
    let writing: Promise<void> = Promise.resolve();
    const result = await enqueueTranscode(() =>
      transcodeToHls(ff, {
        input,
        outDir: out,
        kind: asset.media_type === 2 ? 'audio' : 'video',
        keyHex: key.key_hex,
        ivHex: key.iv_hex,
        onProgress: (pct) => {
          opts.onProgress?.(pct);
          const at = Date.now();
          if (pct > last && at - lastAt >= 500) {
            last = pct;
            lastAt = at;
            writing = writing.then(() => updateProgress(db, asset.id, pct, at)).catch(() => undefined);
          }
        },
      }),
    );
    await writing;
    await publishDir(storage, out, asset.storage_prefix);
    await updateAsset(db, asset.id, { status: 'ready', progress: 100, duration_seconds: result.durationSeconds, variants: JSON.stringify(result.variants), error: null }, Date.now());
    opts.onProgress?.(100);
  } catch (err) {
    await updateAsset(db, asset.id, { status: 'failed', error: (err as Error).message.slice(0, 500) }, Date.now());
  } finally {
    await fsp.rm(out, { recursive: true, force: true });
    if (opts.removeInput) await fsp.rm(input, { force: true });
  }
  const row = await findAsset(db, asset.id);
  if (!row) throw new Error(`media asset ${asset.id} vanished`);
  return row;
}
