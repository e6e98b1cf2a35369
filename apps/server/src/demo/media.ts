/**
 * Demo media (decision 010). At start, before listening:
 *  1. the committed clear fallback clips (media-fallback/{video,audio}, outside the served assets folder) are encrypted with
 *     a key generated for this installation and stored once as library assets;
 *  2. every seeded video/audio course — each chapter of a series — without a ready asset gets
 *     one that shares the fallback files (and a copy of their key).
 * So a fresh demo plays at once, with or without ffmpeg. Then, in the background and only when
 * ffmpeg is present, one 30 s lecture clip per subject and media type is generated (a title card
 * with the subject's name and a tone; audio: the tone) and replaces the fallback for the courses
 * of that kind — the newest ready asset is the one that plays.
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../db/conn.ts';
import type { MediaStorage } from '../adapters/storage/media-storage.ts';
import { SERVER_ROOT } from '../config.ts';
import { addKeyTag, CONTENT_TYPES, encryptSegment, masterVariants, playlistDuration, playlistUris } from '../modules/media/hls.ts';
import {
  findCoursesByNames,
  findKey,
  insertAsset,
  insertKey,
  listChapterIds,
  listLibrary,
  listReadyCourseAssets,
  listSubjectNames,
  updateAsset,
  type MediaAssetRow,
} from '../modules/media/media-repository.ts';
import { publishDir } from '../modules/media/media-service.ts';
import { detectFfmpeg, enqueueTranscode, transcodeToHls, type Ffmpeg } from '../modules/media/transcode.ts';
import { COURSES } from './courses.ts';

export const FALLBACK_DIR = path.join(SERVER_ROOT, 'media-fallback');
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const DEMO_SECONDS = 30;

export type Library = Record<1 | 2, { asset: MediaAssetRow; key: { key_hex: string; iv_hex: string } }>;

interface Logger {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

/** Encrypts one committed clear HLS folder into storage under `prefix` (segments first, playlists after). */
async function encryptFallback(storage: MediaStorage, kindDir: string, prefix: string, key: Buffer, ivHex: string): Promise<{ duration: number; variants: string }> {
  const iv = Buffer.from(ivHex, 'hex');
  const master = await fsp.readFile(path.join(kindDir, 'master.m3u8'), 'utf8');
  const found = masterVariants(master);
  let duration = 0;
  for (const variant of playlistUris(master)) {
    const dir = path.dirname(variant);
    const media = await fsp.readFile(path.join(kindDir, variant), 'utf8');
    for (const seg of playlistUris(media)) {
      const clear = await fsp.readFile(path.join(kindDir, dir, seg));
      await storage.put(`${prefix}/${dir}/${seg}`, encryptSegment(clear, key, iv), CONTENT_TYPES.segment);
    }
    await storage.put(`${prefix}/${variant}`, Buffer.from(addKeyTag(media, ivHex)), CONTENT_TYPES.playlist);
    duration = Math.max(duration, playlistDuration(media));
  }
  await storage.put(`${prefix}/master.m3u8`, Buffer.from(master), CONTENT_TYPES.playlist);
  const variants = found.map((v) => ({ name: path.dirname(v.uri), height: v.height, bandwidth: v.bandwidth }));
  return { duration: Math.round(duration * 10) / 10, variants: JSON.stringify(variants) };
}

/** The fallback library assets, made (encrypted and stored) on the first start. */
export async function ensureFallbackLibrary(db: Db, storage: MediaStorage, now = Date.now()): Promise<Library> {
  const out: Partial<Library> = {};
  for (const mediaType of [1, 2] as const) {
    const existing = (await listLibrary(db, 'fallback', mediaType))[0];
    if (existing && (await storage.head(`${existing.storage_prefix}/master.m3u8`))) {
      const key = await findKey(db, existing.id);
      if (key) {
        out[mediaType] = { asset: existing, key };
        continue;
      }
    }
    const keyHex = crypto.randomBytes(16).toString('hex');
    const ivHex = crypto.randomBytes(16).toString('hex');
    const prefix = `library/fallback-${mediaType === 1 ? 'video' : 'audio'}-${crypto.randomBytes(6).toString('hex')}`;
    const made = await encryptFallback(storage, path.join(FALLBACK_DIR, mediaType === 1 ? 'video' : 'audio'), prefix, Buffer.from(keyHex, 'hex'), ivHex);
    const asset = await db.transaction().execute(async (trx) => {
      const row = await insertAsset(
        trx,
        { course_id: null, chapter_id: null, media_type: mediaType, status: 'ready', progress: 100, storage_prefix: prefix, source: 'fallback', duration_seconds: made.duration, variants: mediaType === 1 ? made.variants : '[]' },
        now,
      );
      await insertKey(trx, row.id, keyHex, ivHex);
      return row;
    });
    out[mediaType] = { asset, key: { key_hex: keyHex, iv_hex: ivHex } };
  }
  return out as Library;
}

export interface DemoTarget {
  courseId: number;
  chapterId: number | null;
  mediaType: 1 | 2;
  subjectId: number;
}

/** Every (course, chapter) of the seeded catalogue that plays: normal courses as one target, series per chapter. */
async function seededTargets(db: Db): Promise<DemoTarget[]> {
  const names = COURSES.map((c) => c.name);
  const courses = await findCoursesByNames(db, names);
  if (courses.length === 0) return [];
  const chapters = await listChapterIds(db, courses.map((c) => c.id));
  const byCourse = new Map<number, number[]>();
  for (const ch of chapters) byCourse.set(ch.course_id, [...(byCourse.get(ch.course_id) ?? []), ch.id]);
  return courses.flatMap((c) => {
    const mediaType = (c.media_type === 2 ? 2 : 1) as 1 | 2;
    const chs = c.course_type === 2 ? (byCourse.get(c.id) ?? []) : [];
    const ids: (number | null)[] = chs.length ? chs : [null];
    return ids.map((chapterId) => ({ courseId: c.id, chapterId, mediaType, subjectId: c.subject_id }));
  });
}

/** The newest ready asset's source per target key `course:chapter`. */
async function currentSources(db: Db): Promise<Map<string, string>> {
  const rows = await listReadyCourseAssets(db);
  return new Map(rows.map((r) => [`${r.course_id}:${r.chapter_id ?? ''}`, r.source]));
}

/** Points targets at a library asset: a row per target sharing the library's files and key. */
export async function linkTargets(db: Db, targets: readonly DemoTarget[], lib: Library[1 | 2], now: number): Promise<number> {
  if (targets.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    for (const t of targets) {
      const row = await insertAsset(
        trx,
        {
          course_id: t.courseId,
          chapter_id: t.chapterId,
          media_type: t.mediaType,
          status: 'ready',
          progress: 100,
          storage_prefix: lib.asset.storage_prefix,
          source: lib.asset.source as 'demo' | 'fallback',
          duration_seconds: lib.asset.duration_seconds,
          variants: lib.asset.variants,
        },
        now,
      );
      await insertKey(trx, row.id, lib.key.key_hex, lib.key.iv_hex);
    }
  });
  return targets.length;
}

/** Step 1 and 2 of the header: synchronous part of start-up. Returns how many targets it linked. */
export async function linkFallbackMedia(db: Db, storage: MediaStorage, now = Date.now()): Promise<number> {
  const library = await ensureFallbackLibrary(db, storage, now);
  const sources = await currentSources(db);
  const missing = (await seededTargets(db)).filter((t) => !sources.has(`${t.courseId}:${t.chapterId ?? ''}`));
  let linked = 0;
  for (const mediaType of [1, 2] as const) linked += await linkTargets(db, missing.filter((t) => t.mediaType === mediaType), library[mediaType], now);
  return linked;
}

async function makeDemoSource(ff: Ffmpeg, file: string, mediaType: 1 | 2, title: string, seed: number, seconds: number): Promise<void> {
  const { spawn } = await import('node:child_process');
  const freq = 330 + (seed % 8) * 44;
  const tone = `sine=frequency=${freq}:sample_rate=44100:duration=${seconds}`;
  let args: string[];
  if (mediaType === 2) {
    args = ['-hide_banner', '-nostdin', '-y', '-f', 'lavfi', '-i', tone, '-af', 'volume=0.35', '-c:a', 'aac', '-b:a', '96k', file];
  } else {
    const hasFont = await fsp.access(CJK_FONT).then(
      () => true,
      () => false,
    );
    const colours = ['0x1f4e79', '0x24557a', '0x2e4a62', '0x1d5c63', '0x3b3f6b', '0x5a3e2b', '0x22543d', '0x4a3b5c'];
    const bg = `color=c=${colours[seed % colours.length]}:s=1280x720:r=25:d=${seconds}`;
    // Texts go through files (expansion=none): no filter-graph escaping of learner-visible words.
    const titleFile = path.join(path.dirname(file), 'title.txt');
    const subFile = path.join(path.dirname(file), 'sub.txt');
    await fsp.writeFile(titleFile, title);
    await fsp.writeFile(subFile, '金法课堂 · 示例课程');
    const text = hasFont
      ? `drawtext=fontfile=${CJK_FONT}:expansion=none:textfile=${titleFile}:fontcolor=white:fontsize=72:x=(w-text_w)/2:y=h/2-100,` +
        `drawtext=fontfile=${CJK_FONT}:expansion=none:textfile=${subFile}:fontcolor=0xdbe7f3:fontsize=40:x=(w-text_w)/2:y=h/2+20,` +
        `drawtext=fontfile=${CJK_FONT}:text='%{eif\\:t\\:d} s':fontcolor=0xdbe7f3:fontsize=32:x=(w-text_w)/2:y=h-100`
      : 'null';
    args = ['-hide_banner', '-nostdin', '-y', '-f', 'lavfi', '-i', bg, '-f', 'lavfi', '-i', tone, '-filter_complex', `[0:v]${text}[v];[1:a]volume=0.35[a]`, '-map', '[v]', '-map', '[a]', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file];
  }
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ff.ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err = (err + c).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg (demo source) exited ${code}: ${err.trim().split('\n').pop() ?? ''}`))));
  });
}

/**
 * Background part: one generated clip per (subject, media type) still on the fallback, each
 * transcoded like an import, then linked to that kind's targets. Safe to run again: kinds whose
 * targets no longer play the fallback are skipped.
 */
export async function generateDemoClips(
  db: Db,
  storage: MediaStorage,
  ff: Ffmpeg,
  log: Logger,
  opts: { workRoot?: string; shouldStop?: () => boolean; seconds?: number } = {},
): Promise<number> {
  const { workRoot = os.tmpdir(), shouldStop = () => false, seconds = DEMO_SECONDS } = opts;
  const sources = await currentSources(db);
  const onFallback = (await seededTargets(db)).filter((t) => sources.get(`${t.courseId}:${t.chapterId ?? ''}`) === 'fallback');
  const kinds = new Map<string, DemoTarget[]>();
  for (const t of onFallback) kinds.set(`${t.subjectId}:${t.mediaType}`, [...(kinds.get(`${t.subjectId}:${t.mediaType}`) ?? []), t]);
  const subjects = new Map((await listSubjectNames(db)).map((s) => [s.id, s.name]));
  let made = 0;
  for (const [kind, targets] of kinds) {
    if (shouldStop()) break;
    const { subjectId, mediaType } = targets[0]!;
    const work = await fsp.mkdtemp(path.join(workRoot, 'jinfa-demo-'));
    try {
      const src = path.join(work, mediaType === 1 ? 'src.mp4' : 'src.m4a');
      await enqueueTranscode(() => makeDemoSource(ff, src, mediaType, subjects.get(subjectId) ?? '金法课堂', subjectId, seconds));
      const keyHex = crypto.randomBytes(16).toString('hex');
      const ivHex = crypto.randomBytes(16).toString('hex');
      const now = Date.now();
      const prefix = `library/demo-s${subjectId}-m${mediaType}-${crypto.randomBytes(6).toString('hex')}`;
      const asset = await insertAsset(db, { course_id: null, chapter_id: null, media_type: mediaType, status: 'processing', storage_prefix: prefix, source: 'demo' }, now);
      await insertKey(db, asset.id, keyHex, ivHex);
      const out = path.join(work, 'out');
      const result = await enqueueTranscode(() => transcodeToHls(ff, { input: src, outDir: out, kind: mediaType === 1 ? 'video' : 'audio', keyHex, ivHex }));
      await publishDir(storage, out, prefix);
      const variants = JSON.stringify(result.variants);
      await updateAsset(db, asset.id, { status: 'ready', progress: 100, duration_seconds: result.durationSeconds, variants }, Date.now());
      const ready = { ...asset, status: 'ready' as const, progress: 100, duration_seconds: result.durationSeconds, variants };
      await linkTargets(db, targets, { asset: ready, key: { key_hex: keyHex, iv_hex: ivHex } }, Date.now());
      made += 1;
      log.info({ kind, targets: targets.length, seconds: result.durationSeconds }, 'demo media clip ready');
    } catch (err) {
      log.warn({ kind, err: (err as Error).message }, 'demo media clip failed; the fallback keeps playing');
    } finally {
      await fsp.rm(work, { recursive: true, force: true });
    }
  }
  return made;
}

/**
 * Start-up hook (server.ts, never in tests): links the fallbacks before the server listens, and
 * returns the background generation to start once it does. Both only with the demo seed on.
 */
export async function prepareDemoMedia(app: {
  db: Db;
  adapters: { mediaStorage: MediaStorage };
  config: { seedDemo: boolean; dataDir: string; media: { demoClips: boolean; ffmpegPath: string } };
  log: Logger;
}): Promise<{ startBackground: (shouldStop?: () => boolean) => void }> {
  if (!app.config.seedDemo) return { startBackground: () => undefined };
  const started = Date.now();
  const linked = await linkFallbackMedia(app.db, app.adapters.mediaStorage);
  app.log.info({ linked, ms: Date.now() - started }, 'demo media: fallbacks linked');
  return {
    startBackground: (shouldStop = () => false) => {
      if (!app.config.media.demoClips) return;
      void (async () => {
        const ff = await detectFfmpeg(app.config.media.ffmpegPath);
        if (!ff) {
          app.log.info({}, 'demo media: ffmpeg not found, the committed fallbacks stay');
          return;
        }
        if (shouldStop()) return;
        const workRoot = path.join(app.config.dataDir, 'tmp');
        await fsp.mkdir(workRoot, { recursive: true });
        const made = await generateDemoClips(app.db, app.adapters.mediaStorage, ff, app.log, { workRoot, shouldStop });
        if (made > 0) app.log.info({ clips: made, ms: Date.now() - started }, 'demo media: generated clips replace the fallbacks');
      })().catch((err: unknown) => app.log.warn({ err: (err as Error).message }, 'demo media generation stopped'));
    },
  };
}
