/**
 * The real pipeline: ffmpeg transcodes a generated 3 s clip into encrypted HLS through the
 * operator import endpoint, progress reaches 100, and what plays decrypts with the served key.
 * Skipped only where ffmpeg is not installed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, signedInUser } from './support/factories.ts';
import { LocalMediaStorage } from '../src/adapters/storage/local-storage.ts';
import { decryptSegment, masterVariants } from '../src/modules/media/hls.ts';
import { detectFfmpeg, ladderFor } from '../src/modules/media/transcode.ts';
import { generateDemoClips, linkFallbackMedia } from '../src/demo/media.ts';
import { COURSES } from '../src/demo/courses.ts';

const ff = await detectFfmpeg();
const OPS = { 'x-ops-token': 'dev-ops-token' };

describe('ladderFor', () => {
  it('never goes above the source', () => {
    expect(ladderFor(1080).map((r) => r.height)).toEqual([360, 540, 720]);
    expect(ladderFor(540).map((r) => r.height)).toEqual([360, 540]);
    expect(ladderFor(241).map((r) => r.height)).toEqual([240]);
  });
});

for (const dialect of dialectsUnderTest()) {
  describe.skipIf(!ff)(`media import and transcode (${dialect})`, { timeout: 120_000 }, () => {
    let t: TestApp;
    let dir: string;
    let video: Buffer;
    let audio: Buffer;

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-transcode-'));
      const gen = (args: string[]) => {
        const r = spawnSync(ff!.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
        if (r.status !== 0) throw new Error(r.stderr.toString());
      };
      gen(['-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=25:d=3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path.join(dir, 'clip.mp4')]);
      gen(['-f', 'lavfi', '-i', 'sine=frequency=330:duration=3', '-c:a', 'aac', path.join(dir, 'clip.m4a')]);
      video = fs.readFileSync(path.join(dir, 'clip.mp4'));
      audio = fs.readFileSync(path.join(dir, 'clip.m4a'));
      t = await build(dialect, { config: { dataDir: dir }, adapters: { mediaStorage: new LocalMediaStorage(path.join(dir, 'media')) } });
    });
    afterAll(async () => {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const upload = (query: string, payload: Buffer, headers: Record<string, string> = OPS, contentType = 'video/mp4') =>
      t.app.inject({ method: 'POST', url: `/v1/admin/media/import?${query}`, headers: { ...headers, 'content-type': contentType }, payload });

    /** Polls the operator's progress view until the asset settles; returns every progress seen. */
    async function settle(assetId: number) {
      const seen: number[] = [];
      const final = await vi.waitFor(
        async () => {
          const { data } = (await t.app.inject({ method: 'GET', url: `/v1/admin/media/${assetId}`, headers: OPS })).json();
          seen.push(data.progress);
          if (data.status !== 'ready' && data.status !== 'failed') throw new Error(`still ${data.status} ${data.progress}`);
          return data;
        },
        { timeout: 90_000, interval: 100 },
      );
      return { final, seen };
    }

    it('imports a video into ≥2 encrypted HLS renditions that decrypt with the served key', async () => {
      const course = await buildCourse(t.app.db);
      const res = await upload(`courseId=${course.id}&filename=clip.mp4`, video);
      const { code, data } = res.json();
      expect(code).toBe(0);
      expect(data).toMatchObject({ courseId: course.id, chapterId: null, mediaType: 1, status: 'pending', progress: 0 });

      const { final, seen } = await settle(data.assetId);
      expect(final.error).toBeNull();
      expect(final).toMatchObject({ status: 'ready', progress: 100 });
      expect(seen.every((p, i) => i === 0 || p >= seen[i - 1]!)).toBe(true);
      expect(final.variants.map((v: { height: number }) => v.height)).toEqual([360, 540, 720]);
      expect(final.durationSeconds).toBeGreaterThan(2.5);

      const learner = await signedInUser(t);
      await t.app.db.insertInto('user_courses').values({ user_id: learner.user.id, course_id: course.id, source: 'order', created_at: Date.now() }).execute();
      const auth = (await t.app.inject({ method: 'POST', url: `/v1/courses/${course.id}/play_auth?sourseType=1`, headers: learner.headers, payload: {} })).json().data;
      expect(auth.videoUrl).toContain(`/v1/media/play/${data.assetId}/master.m3u8`);
      expect(auth.qualities.map((q: { label: string }) => q.label)).toEqual(['流畅', '标清', '高清']);

      const master = (await t.app.inject({ method: 'GET', url: auth.videoUrl })).body;
      const variants = masterVariants(master);
      expect(variants.length).toBeGreaterThanOrEqual(2);
      const media = (await t.app.inject({ method: 'GET', url: variants[0]!.uri })).body;
      // Short first segments for a fast first frame.
      expect(Number(/#EXTINF:([0-9.]+)/.exec(media)![1])).toBeLessThanOrEqual(1.1);
      const keyLine = media.split('\n').find((l) => l.startsWith('#EXT-X-KEY'))!;
      expect(keyLine).toContain('METHOD=AES-128');
      const key = (await t.app.inject({ method: 'GET', url: /URI="([^"]+)"/.exec(keyLine)![1]! })).rawPayload;
      const iv = Buffer.from(/IV=0x([0-9a-f]{32})/i.exec(keyLine)![1]!, 'hex');
      const seg = (await t.app.inject({ method: 'GET', url: media.split('\n').find((l) => l.includes('seg_000.ts'))! })).rawPayload;
      expect(seg[0] === 0x47 && seg[188] === 0x47).toBe(false);
      const clear = decryptSegment(seg, key, iv);
      expect(clear[0]).toBe(0x47);
      expect(clear[188]).toBe(0x47);
      // Nothing of the key reached the storage.
      const stored = fs.readdirSync(path.join(dir, 'media', 'assets'), { recursive: true }).map(String);
      expect(stored.some((f) => /k\.(bin|info)$/.test(f))).toBe(false);
    });

    it('imports audio for a chapter of an audio course as AAC HLS', async () => {
      const course = await buildCourse(t.app.db, { media_type: 2, course_type: 2 });
      const chapter = await t.app.db
        .insertInto('chapters')
        .values({ course_id: course.id, title: '第1讲', sort: 1, duration_seconds: 3, is_free_trial: 1, price: 0, status: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { data } = (await upload(`courseId=${course.id}&chapterId=${chapter.id}`, audio, OPS, 'audio/mp4')).json();
      const { final } = await settle(data.assetId);
      expect(final).toMatchObject({ status: 'ready', progress: 100, chapterId: chapter.id, mediaType: 2 });
      const { headers } = await signedInUser(t);
      const auth = (await t.app.inject({ method: 'POST', url: `/v1/courses/${course.id}/play_auth`, headers, payload: {} })).json();
      expect(auth.code).toBe(0);
      expect(auth.data).toMatchObject({ chapterId: chapter.id, mediaType: 2, qualities: [] });
      const master = (await t.app.inject({ method: 'GET', url: auth.data.videoUrl })).body;
      expect(master).toContain('mp4a.40.2');
      expect(master).toMatch(/\/a0\/index\.m3u8\?/);
    });

    it('refuses imports without the operator token, of what is not media, and for unknown courses', async () => {
      const course = await buildCourse(t.app.db);
      const noToken = await upload(`courseId=${course.id}`, video, {});
      expect(noToken.statusCode).toBe(403);
      expect(noToken.json().code).toBe(ErrorCodes.OPS_TOKEN_REQUIRED);
      const junk = await upload(`courseId=${course.id}`, Buffer.from('this is not a video at all'), OPS, 'application/octet-stream');
      expect(junk.json().code).toBe(ErrorCodes.MEDIA_UPLOAD_INVALID);
      expect((await upload('courseId=999999', video)).json().code).toBe(ErrorCodes.NOT_FOUND);
      expect((await t.app.inject({ method: 'GET', url: '/v1/admin/media/999999', headers: OPS })).json().code).toBe(ErrorCodes.NOT_FOUND);
      // Nothing pending was left behind by the refusals.
      const pending = await t.app.db.selectFrom('media_assets').select('id').where('course_id', '=', course.id).execute();
      expect(pending).toEqual([]);
    });
  });
}

describe.skipIf(!ff)('demo clips', { timeout: 180_000 }, () => {
  it('replace the fallback of a seeded course with a generated, encrypted lecture clip', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-demo-'));
    const t = await build('sqlite', { config: { dataDir: dir }, adapters: { mediaStorage: new LocalMediaStorage(path.join(dir, 'media')) } });
    try {
      const seeded = COURSES.find((c) => c.media_type === 1 && c.chapters.length === 0 && c.price === 0)!;
      const course = await buildCourse(t.app.db, { name: seeded.name, price: 0, is_free: 1, vip_price: null });
      expect(await linkFallbackMedia(t.app.db, t.app.adapters.mediaStorage)).toBe(1);
      const log = { info: () => undefined, warn: (o: object) => expect.fail(JSON.stringify(o)) };
      expect(await generateDemoClips(t.app.db, t.app.adapters.mediaStorage, ff!, log, { workRoot: dir, seconds: 6 })).toBe(1);
      const playing = await t.app.db.selectFrom('media_assets').selectAll().where('course_id', '=', course.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(playing).toMatchObject({ source: 'demo', status: 'ready' });
      expect(playing.duration_seconds).toBeGreaterThanOrEqual(5.5);
      const { headers } = await signedInUser(t);
      const auth = (await t.app.inject({ method: 'POST', url: `/v1/courses/${course.id}/play_auth`, headers, payload: {} })).json();
      expect(auth.data.videoUrl).toContain(`/v1/media/play/${playing.id}/`);
      expect(auth.data.qualities.length).toBe(3);
      // Nothing left on the fallback: a second run makes nothing.
      expect(await generateDemoClips(t.app.db, t.app.adapters.mediaStorage, ff!, log, { workRoot: dir, seconds: 6 })).toBe(0);
    } finally {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
