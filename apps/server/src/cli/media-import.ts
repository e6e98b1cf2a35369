/**
 * `npm run media:import -- --course <id> [--chapter <id>] <file>`: transcodes a video or audio
 * file into encrypted HLS for a course (or one of its chapters) and stores it in the configured
 * media storage (DATA_DIR/media or S3), printing progress. The same database and storage as the
 * server (DATABASE_URL, DATA_DIR, MEDIA_STORAGE); a running server plays the new asset as soon as
 * it is ready. Exit code 0 when ready, 1 otherwise.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createMediaStorage } from '../adapters/storage/create-storage.ts';
import { createImportAsset, runImport } from '../modules/media/media-service.ts';
import { detectFfmpeg, probe } from '../modules/media/transcode.ts';

const USAGE = 'usage: npm run media:import -- --course <courseId> [--chapter <chapterId>] <file>';

function fail(msg: string): never {
  process.stderr.write(`${msg}\n`);
  process.exit(1);
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({ options: { course: { type: 'string' }, chapter: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const courseId = Number(values.course);
  const chapterId = values.chapter === undefined ? undefined : Number(values.chapter);
  if (!Number.isInteger(courseId) || courseId < 1 || (chapterId !== undefined && (!Number.isInteger(chapterId) || chapterId < 1)) || positionals.length !== 1) fail(USAGE);
  // npm runs scripts from the package folder; a relative path means where the user typed it.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  if (!fs.existsSync(file)) fail(`no such file: ${file}`);

  const config = loadConfig();
  const ff = await detectFfmpeg(config.media.ffmpegPath);
  if (!ff) fail('ffmpeg and ffprobe are needed (Debian: apt-get install ffmpeg), or set FFMPEG_PATH');
  const info = await probe(ff, file);
  if (!info) fail(`not a media file ffprobe can read: ${file}`);

  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db, database.dialect);
    const asset = await createImportAsset(database.db, { courseId, chapterId }, Date.now()).catch((err: Error) => fail(`${err.message} (course ${courseId}${chapterId ? `, chapter ${chapterId}` : ''})`));
    process.stdout.write(`asset ${asset.id}: ${path.basename(file)} (${info.durationSeconds.toFixed(1)} s${info.hasVideo ? `, ${info.width}x${info.height}` : ''}) → ${asset.media_type === 2 ? 'audio' : 'video'} HLS\n`);
    const workDir = path.join(config.dataDir, 'tmp');
    await fsp.mkdir(workDir, { recursive: true });
    const tty = process.stdout.isTTY;
    let shown = -1;
    const done = await runImport(database.db, createMediaStorage(config), ff, asset, file, {
      workDir,
      onProgress: (pct) => {
        if (pct === shown) return;
        shown = pct;
        process.stdout.write(tty ? `\rtranscoding ${String(pct).padStart(3)}%` : `progress ${pct}%\n`);
      },
    });
    if (tty) process.stdout.write('\n');
    if (done.status !== 'ready') fail(`failed: ${done.error ?? done.status}`);
    process.stdout.write(`ready: asset ${done.id}, ${done.duration_seconds} s, renditions ${done.variants}\n`);
  } finally {
    await database.destroy();
  }
}

main().catch((err: unknown) => fail(`media import failed: ${(err as Error).message}`));
