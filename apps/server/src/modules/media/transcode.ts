/**
 * ffmpeg → HLS with AES-128 (decision 010). Video: up to three renditions (360p/540p/720p, never
 * above the source), H.264 + AAC in MPEG-TS, keyframes every second for the first 4 s and every
 * 4 s after, so the first segments are 1 s long (fast first frame) and the rest 4 s; a master
 * playlist names them. Audio: AAC in 2 s MPEG-TS segments and a one-entry master. Every segment
 * is encrypted by ffmpeg (-hls_key_info_file) with the asset's key; the playlists carry the key
 * placeholder that the serving route replaces with a signed key URL. Progress comes from
 * `-progress pipe:1` (out_time_us against the probed duration).
 */
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { KEY_PLACEHOLDER } from './hls.ts';

export interface Ffmpeg {
  ffmpeg: string;
  ffprobe: string;
}

export interface Probe {
  durationSeconds: number;
  width: number;
  height: number;
  hasVideo: boolean;
  hasAudio: boolean;
}

export interface Rendition {
  name: string;
  height: number;
  bandwidth: number;
}

export interface TranscodeResult {
  durationSeconds: number;
  variants: Rendition[];
}

const LADDER = [
  { height: 360, video: 600, audio: 64 },
  { height: 540, video: 1100, audio: 96 },
  { height: 720, video: 2200, audio: 128 },
] as const;
const AUDIO_KBPS = 64;
/** Keyframes at 1, 2, 3, 4 s, then every 4 s; with -hls_time 1 the segments follow them. */
const KEYFRAMES = 'expr:if(lt(t,4),gte(t,n_forced),gte(t,4+(n_forced-4)*4))';

function run(cmd: string, args: string[], opts: { onStdout?: (chunk: string) => void; timeoutMs?: number } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    // Transcoding is background work: it must not starve request handling on a small machine.
    if (child.pid) {
      try {
        os.setPriority(child.pid, 10);
      } catch {
        /* not permitted here: run at normal priority */
      }
    }
    let stdout = '';
    let stderr = '';
    const timer = opts.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs) : null;
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      if (opts.onStdout) opts.onStdout(c);
      else stdout += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr = (stderr + c).slice(-8000);
    });
    child.on('error', (err) => {
      if (timer) clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

const detected = new Map<string, Promise<Ffmpeg | null>>();

/** ffmpeg and ffprobe when both answer `-version`, else null (Debian: `apt-get install ffmpeg`). */
export function detectFfmpeg(ffmpegPath = 'ffmpeg'): Promise<Ffmpeg | null> {
  let found = detected.get(ffmpegPath);
  if (!found) {
    const ffprobe = ffmpegPath.includes('/') ? path.join(path.dirname(ffmpegPath), 'ffprobe') : 'ffprobe';
    found = (async () => {
      try {
        const [a, b] = await Promise.all([run(ffmpegPath, ['-version'], { timeoutMs: 5000 }), run(ffprobe, ['-version'], { timeoutMs: 5000 })]);
        return a.code === 0 && b.code === 0 ? { ffmpeg: ffmpegPath, ffprobe } : null;
      } catch {
        return null;
      }
    })();
    detected.set(ffmpegPath, found);
  }
  return found;
}

export async function probe(ff: Ffmpeg, file: string): Promise<Probe | null> {
  const res = await run(ff.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { timeoutMs: 30_000 });
  if (res.code !== 0) return null;
  try {
    const info = JSON.parse(res.stdout) as {
      format?: { duration?: string };
      streams?: { codec_type?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }[];
    };
    const streams = info.streams ?? [];
    // A cover image inside an audio file is a "video" stream too; it is not a video.
    const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
    const audio = streams.find((s) => s.codec_type === 'audio');
    const duration = Number(info.format?.duration ?? video?.duration ?? audio?.duration ?? 0);
    if (!video && !audio) return null;
    return { durationSeconds: Number.isFinite(duration) ? duration : 0, width: video?.width ?? 0, height: video?.height ?? 0, hasVideo: !!video, hasAudio: !!audio };
  } catch {
    return null;
  }
}

/** Renditions for a source height: the ladder's rungs at or below it, at least one. */
export function ladderFor(sourceHeight: number): { height: number; video: number; audio: number }[] {
  const rungs = LADDER.filter((r) => r.height <= sourceHeight);
  if (rungs.length > 0) return rungs;
  const h = Math.max(2, sourceHeight - (sourceHeight % 2));
  return [{ height: h, video: 400, audio: 64 }];
}

function progressParser(durationSeconds: number, onProgress: (pct: number) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      const m = /^out_time_us=(\d+)/.exec(line.trim());
      if (m && durationSeconds > 0) onProgress(Math.max(0, Math.min(99, Math.floor((Number(m[1]) / 1e6 / durationSeconds) * 100))));
    }
  };
}

export interface TranscodeJob {
  input: string;
  /** An empty directory; master.m3u8 and v0/ v1/ … or a0/ are written here. */
  outDir: string;
  kind: 'video' | 'audio';
  keyHex: string;
  ivHex: string;
  onProgress?: (pct: number) => void;
}

export class TranscodeError extends Error {
  override name = 'TranscodeError';
}

export async function transcodeToHls(ff: Ffmpeg, job: TranscodeJob): Promise<TranscodeResult> {
  const info = await probe(ff, job.input);
  if (!info) throw new TranscodeError('not a media file ffprobe can read');
  if (job.kind === 'video' && !info.hasVideo) throw new TranscodeError('a video course needs a file with a video stream');
  if (job.kind === 'audio' && !info.hasAudio) throw new TranscodeError('an audio course needs a file with an audio stream');

  await fsp.mkdir(job.outDir, { recursive: true });
  // The key file sits outside outDir so that publishing outDir can never upload it.
  const keyDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'jinfa-key-'));
  const keyFile = path.join(keyDir, 'k.bin');
  const keyInfo = path.join(keyDir, 'k.info');
  await fsp.writeFile(keyFile, Buffer.from(job.keyHex, 'hex'), { mode: 0o600 });
  await fsp.writeFile(keyInfo, `${KEY_PLACEHOLDER}\n${keyFile}\n${job.ivHex}\n`, { mode: 0o600 });

  const hlsCommon = ['-f', 'hls', '-hls_playlist_type', 'vod', '-hls_key_info_file', keyInfo, '-hls_flags', 'independent_segments'];
  let args: string[];
  let variants: Rendition[];
  if (job.kind === 'video') {
    const rungs = ladderFor(info.height);
    const split = rungs.length > 1 ? `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')};` : '[0:v]null[s0];';
    const filter = split + rungs.map((r, i) => `[s${i}]scale=-2:${r.height}:flags=bicubic,format=yuv420p[v${i}]`).join(';');
    args = ['-hide_banner', '-nostdin', '-y', '-i', job.input, '-filter_complex', filter];
    rungs.forEach((_, i) => {
      args.push('-map', `[v${i}]`);
      if (info.hasAudio) args.push('-map', '0:a:0');
    });
    args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-force_key_frames', KEYFRAMES, '-sc_threshold', '0');
    rungs.forEach((r, i) => {
      args.push(`-b:v:${i}`, `${r.video}k`, `-maxrate:v:${i}`, `${Math.round(r.video * 1.1)}k`, `-bufsize:v:${i}`, `${r.video * 2}k`);
      if (info.hasAudio) args.push(`-b:a:${i}`, `${r.audio}k`);
    });
    if (info.hasAudio) args.push('-c:a', 'aac', '-ac', '2', '-ar', '44100');
    const map = rungs.map((_, i) => (info.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' ');
    args.push(...hlsCommon, '-hls_time', '1', '-hls_segment_filename', path.join(job.outDir, 'v%v', 'seg_%03d.ts'));
    args.push('-master_pl_name', 'master.m3u8', '-var_stream_map', map, '-progress', 'pipe:1', '-nostats', path.join(job.outDir, 'v%v', 'index.m3u8'));
    variants = rungs.map((r, i) => ({ name: `v${i}`, height: r.height, bandwidth: (r.video + (info.hasAudio ? r.audio : 0)) * 1000 }));
  } else {
    await fsp.mkdir(path.join(job.outDir, 'a0'), { recursive: true });
    args = ['-hide_banner', '-nostdin', '-y', '-i', job.input, '-map', '0:a:0', '-vn', '-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', '-ar', '44100'];
    args.push(...hlsCommon, '-hls_time', '2', '-hls_segment_filename', path.join(job.outDir, 'a0', 'seg_%03d.ts'), '-progress', 'pipe:1', '-nostats', path.join(job.outDir, 'a0', 'index.m3u8'));
    variants = [{ name: 'a0', height: 0, bandwidth: (AUDIO_KBPS + 8) * 1000 }];
  }

  try {
    const res = await run(ff.ffmpeg, args, { onStdout: progressParser(info.durationSeconds, job.onProgress ?? (() => undefined)) });
    if (res.code !== 0) throw new TranscodeError(`ffmpeg exited with ${res.code}: ${res.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  } finally {
    await fsp.rm(keyDir, { recursive: true, force: true });
  }
  if (job.kind === 'audio') {
    await fsp.writeFile(path.join(job.outDir, 'master.m3u8'), `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=${variants[0]!.bandwidth},CODECS="mp4a.40.2"\na0/index.m3u8\n`);
  }
  const first = await fsp.readFile(path.join(job.outDir, variants[0]!.name, 'index.m3u8'), 'utf8');
  let duration = 0;
  for (const m of first.matchAll(/#EXTINF:([0-9.]+)/g)) duration += Number(m[1]);
  return { durationSeconds: Math.round((duration || info.durationSeconds) * 10) / 10, variants };
}

/** One transcode at a time per process: a 2-core server keeps answering while media is made. */
let chain: Promise<unknown> = Promise.resolve();
export function enqueueTranscode<T>(work: () => Promise<T>): Promise<T> {
  const next = chain.then(work, work);
  chain = next.catch(() => undefined);
  return next;
}
