/**
 * Play authorisation and the signed media routes (issue 5, decision 010), on every dialect under
 * test. Media comes from the committed fallbacks, encrypted into a temp storage as at start-up.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCorporate, buildCourse, buildFreeCourse, signedInUser } from './support/factories.ts';
import { LocalMediaStorage } from '../src/adapters/storage/local-storage.ts';
import { ensureFallbackLibrary, linkFallbackMedia, linkTargets, type Library } from '../src/demo/media.ts';
import { seedDemoData } from '../src/demo/seeder.ts';
import { decryptSegment } from '../src/modules/media/hls.ts';
import { mediaSigner } from '../src/modules/media/routes.ts';
import { masterPath, variantFilePath } from '../src/modules/media/media-url.ts';

const DAY = 86_400_000;

for (const dialect of dialectsUnderTest()) {
  describe(`playback (${dialect})`, () => {
    let t: TestApp;
    let dir: string;
    let lib: Library;

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-play-'));
      t = await build(dialect, { config: { dataDir: dir }, adapters: { mediaStorage: new LocalMediaStorage(path.join(dir, 'media')) } });
      lib = await ensureFallbackLibrary(t.app.db, t.app.adapters.mediaStorage);
    });
    afterAll(async () => {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    /** A course (or series with chapters) whose every part plays the fallback of its media type. */
    async function playableCourse(overrides: Parameters<typeof buildCourse>[1] = {}, chapters: { trial: boolean }[] = []) {
      const course = await buildCourse(t.app.db, { course_type: chapters.length ? 2 : 1, ...overrides });
      const chapterRows = [];
      for (const [i, ch] of chapters.entries()) {
        chapterRows.push(
          await t.app.db
            .insertInto('chapters')
            .values({ course_id: course.id, title: `第${i + 1}讲`, sort: i + 1, duration_seconds: 600, is_free_trial: ch.trial ? 1 : 0, price: ch.trial ? 0 : 990, status: 1 })
            .returningAll()
            .executeTakeFirstOrThrow(),
        );
      }
      const mediaType = course.media_type === 2 ? 2 : 1;
      const targets = (chapterRows.length ? chapterRows.map((c) => c.id) : [null]).map((chapterId) => ({ courseId: course.id, chapterId, mediaType: mediaType as 1 | 2, subjectId: course.subject_id }));
      await linkTargets(t.app.db, targets, lib[mediaType as 1 | 2], Date.now());
      return { course, chapters: chapterRows };
    }

    async function own(userId: number, courseId: number, source: 'order' | 'corporate' = 'order') {
      await t.app.db.insertInto('user_courses').values({ user_id: userId, course_id: courseId, source, created_at: Date.now() }).execute();
    }

    const playAuth = (courseId: number, headers: Record<string, string>, query = 'sourseType=1&soldBy=') =>
      t.app.inject({ method: 'POST', url: `/v1/courses/${courseId}/play_auth?${query}`, headers, payload: {} });

    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

    describe('POST /v1/courses/:id/play_auth', () => {
      it('answers an owner a short-lived signed master URL, the qualities and the masked phone', async () => {
        const { course } = await playableCourse();
        const { user, headers } = await signedInUser(t, { mobile: '13812345678' });
        await own(user.id, course.id);
        const res = await playAuth(course.id, headers);
        expect(res.headers['cache-control']).toBe('private, no-store');
        const { code, data } = res.json();
        expect(code).toBe(0);
        expect(data.mode).toBe(2);
        expect(data.mediaType).toBe(1);
        expect(data.chapterId).toBeNull();
        expect(data.watermark).toBe('138****5678');
        expect(data.videoUrl).toMatch(new RegExp(`^/v1/media/play/\\d+/master\\.m3u8\\?u=${user.id}&c=${course.id}&e=\\d+&s=[A-Za-z0-9_-]{32}$`));
        const ttl = Date.parse(data.expiresAt) - Date.now();
        expect(ttl).toBeGreaterThan(60_000);
        expect(ttl).toBeLessThanOrEqual(5 * 60_000);
        expect(data.qualities.map((q: { label: string }) => q.label)).toEqual(['流畅', '标清']);
        expect(data.duration).toBeGreaterThan(5);
      });

      it('plays free courses, free-trial chapters and member-free courses for active members without buying', async () => {
        const { headers } = await signedInUser(t);
        const { course: free } = await playableCourse({ price: 0, vip_price: null, is_free: 1 });
        expect((await playAuth(free.id, headers)).json().code).toBe(0);

        const { course: series, chapters } = await playableCourse({}, [{ trial: false }, { trial: true }, { trial: false }]);
        const trial = (await playAuth(series.id, headers)).json();
        expect(trial.code).toBe(0);
        expect(trial.data.chapterId).toBe(chapters[1]!.id);
        expect((await playAuth(series.id, headers, `chapterId=${chapters[1]!.id}`)).json().code).toBe(0);
        expect((await playAuth(series.id, headers, `chapterId=${chapters[2]!.id}`)).json().code).toBe(ErrorCodes.NOT_ENROLLED);

        const { course: memberFree } = await playableCourse({ member_free: 1, vip_price: 0 });
        const member = await signedInUser(t, { user_type: 3, member_expire_at: Date.now() + 30 * DAY });
        expect((await playAuth(memberFree.id, member.headers)).json().code).toBe(0);
        const lapsed = await signedInUser(t, { user_type: 3, member_expire_at: Date.now() - DAY });
        expect((await playAuth(memberFree.id, lapsed.headers)).json().code).toBe(ErrorCodes.NOT_ENROLLED);
      });

      it('refuses what the learner does not own with -41230', async () => {
        const { course } = await playableCourse();
        const { headers } = await signedInUser(t);
        const res = await playAuth(course.id, headers);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ code: -41230, message: '您尚未报名该课程', data: null });
      });

      it('opens a corporate course to its active members and refuses an expired membership with the spec message', async () => {
        const corp = await buildCorporate(t.app.db);
        const { course } = await playableCourse({ corporate_id: corp.id, media_type: 2 });
        const active = await signedInUser(t, { user_type: 7, corporate_id: corp.id, member_expire_at: Date.now() + DAY });
        const ok = (await playAuth(course.id, active.headers)).json();
        expect(ok.code).toBe(0);
        expect(ok.data.mediaType).toBe(2);
        expect(ok.data.qualities).toEqual([]);
        const expired = await signedInUser(t, { user_type: 7, corporate_id: corp.id, member_expire_at: Date.now() - DAY });
        await own(expired.user.id, course.id, 'corporate');
        expect((await playAuth(course.id, expired.headers)).json()).toMatchObject({ code: ErrorCodes.CORPORATE_MEMBERSHIP_EXPIRED, message: '企业会员已过期，无法收听' });
        const outsider = await signedInUser(t);
        expect((await playAuth(course.id, outsider.headers)).json().code).toBe(-41230);
      });

      it('sends native-only courses to the app (mode 1, no URL)', async () => {
        const { course } = await playableCourse({ native_only: 1 });
        const { headers } = await signedInUser(t);
        const { code, data } = (await playAuth(course.id, headers)).json();
        expect(code).toBe(0);
        expect(data).toMatchObject({ mode: 1, videoUrl: '', qualities: [] });
      });

      it('asks for login, refuses unknown courses and chapters, and bad ids, with codes', async () => {
        const { course } = await playableCourse({ price: 0, is_free: 1, vip_price: null });
        expect((await playAuth(course.id, {})).json().code).toBe(403);
        const { headers } = await signedInUser(t);
        expect((await playAuth(99_999, headers)).json().code).toBe(ErrorCodes.NOT_FOUND);
        expect((await playAuth(course.id, headers, 'chapterId=99999')).json().code).toBe(ErrorCodes.NOT_FOUND);
        const bad = await playAuth(course.id, headers, 'chapterId=abc');
        expect(bad.statusCode).toBe(400);
        expect(bad.json().code).toBe(ErrorCodes.VALIDATION);
        const noMedia = await buildFreeCourse(t.app.db);
        expect((await playAuth(noMedia.id, headers)).json().code).toBe(ErrorCodes.MEDIA_NOT_READY);
      });
    });

    describe('GET /v1/courses/:id/permitted and /v1/courses/playlist/:id', () => {
      it('says whether the learner may play, and why not', async () => {
        const { course } = await playableCourse();
        const buyer = await signedInUser(t);
        await own(buyer.user.id, course.id);
        expect((await get(`/v1/courses/${course.id}/permitted`, buyer.headers)).json().data).toEqual({ permitted: true });
        const other = await signedInUser(t);
        expect((await get(`/v1/courses/${course.id}/permitted`, other.headers)).json().data).toEqual({ permitted: false, code: -41230, reason: '您尚未报名该课程' });
        expect((await get(`/v1/courses/${course.id}/permitted`)).json().data).toMatchObject({ permitted: false, code: 403 });
      });

      it('lists the chapters in order with what the caller can play', async () => {
        const { course, chapters } = await playableCourse({}, [{ trial: true }, { trial: false }]);
        const { headers } = await signedInUser(t);
        const { code, data } = (await get(`/v1/courses/playlist/${course.id}`, headers)).json();
        expect(code).toBe(0);
        expect(data).toEqual([
          { chapterId: chapters[0]!.id, title: '第1讲', duration: expect.any(Number), isFreeTrial: true, playable: true, mediaType: 1 },
          { chapterId: chapters[1]!.id, title: '第2讲', duration: expect.any(Number), isFreeTrial: false, playable: false, mediaType: 1 },
        ]);
      });
    });

    describe('signed media URLs', () => {
      async function ownedPlay() {
        const { course } = await playableCourse();
        const learner = await signedInUser(t);
        await own(learner.user.id, course.id);
        const auth = (await playAuth(course.id, learner.headers)).json().data;
        return { course, learner, auth };
      }

      it('serve a rewritten master, media playlist, segments and a key that decrypts them', async () => {
        const { auth } = await ownedPlay();
        const master = await get(auth.videoUrl);
        expect(master.statusCode).toBe(200);
        expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
        const variantUrl = master.body.split('\n').find((l) => l.startsWith('/v1/media/play/'))!;
        expect(variantUrl).toMatch(/\/v0\/index\.m3u8\?u=\d+&c=\d+&e=\d+&s=/);

        const media = await get(variantUrl);
        expect(media.statusCode).toBe(200);
        const keyLine = media.body.split('\n').find((l) => l.startsWith('#EXT-X-KEY'))!;
        const keyUrl = /URI="([^"]+)"/.exec(keyLine)![1]!;
        const iv = Buffer.from(/IV=0x([0-9a-f]{32})/i.exec(keyLine)![1]!, 'hex');
        expect(keyUrl).toMatch(/^\/v1\/media\/keys\/\d+\?u=/);
        const segUrl = media.body.split('\n').find((l) => l.includes('seg_000.ts'))!;

        const seg = await get(segUrl);
        expect(seg.statusCode).toBe(200);
        expect(seg.headers['content-type']).toBe('video/mp2t');
        expect(seg.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
        expect(seg.rawPayload[0]).not.toBe(0x47);

        const key = await get(keyUrl);
        expect(key.statusCode).toBe(200);
        expect(key.headers['cache-control']).toBe('no-store');
        expect(key.rawPayload.length).toBe(16);
        const clear = decryptSegment(seg.rawPayload, key.rawPayload, iv);
        // An MPEG-TS packet every 188 bytes, each starting with the sync byte.
        expect(clear[0]).toBe(0x47);
        expect(clear[188]).toBe(0x47);
      });

      it('answer 403 with a code to tampered, expired, other-user and other-course URLs', async () => {
        const { course, learner, auth } = await ownedPlay();
        const refused = async (url: string, headers: Record<string, string> = {}) => {
          const res = await get(url, headers);
          expect(res.statusCode, url).toBe(403);
          expect(res.json().code, url).toBe(ErrorCodes.MEDIA_URL_INVALID);
        };
        const url = new URL(auth.videoUrl, 'http://x');
        const withParam = (k: string, v: string) => {
          const u = new URL(url);
          u.searchParams.set(k, v);
          return `${u.pathname}${u.search}`;
        };
        await refused(withParam('s', `${url.searchParams.get('s')!.slice(0, -1)}A`));
        await refused(withParam('e', String(Number(url.searchParams.get('e')) + 3600)));
        const other = await signedInUser(t);
        await own(other.user.id, course.id);
        await refused(withParam('u', String(other.user.id)));
        await refused(auth.videoUrl, other.headers);
        await refused(url.pathname);
        // Correctly signed, but expired a second ago.
        const assetId = Number(/play\/(\d+)\//.exec(auth.videoUrl)![1]);
        const signer = mediaSigner(t.config);
        await refused(signer.url(masterPath(assetId), { userId: learner.user.id, courseId: course.id, expiresAt: Math.floor(Date.now() / 1000) - 1 }));
        // Correctly signed for another course than the asset's.
        const { course: otherCourse } = await playableCourse();
        await refused(signer.url(masterPath(assetId), { userId: learner.user.id, courseId: otherCourse.id, expiresAt: Math.floor(Date.now() / 1000) + 60 }));
        // A segment signature does not open another segment.
        const seg0 = signer.url(variantFilePath(assetId, 'v0', 'seg_000.ts'), { userId: learner.user.id, courseId: course.id, expiresAt: Math.floor(Date.now() / 1000) + 60 });
        await refused(seg0.replace('seg_000.ts', 'seg_001.ts'));
        // Whoever sends the learner's own login is fine.
        expect((await get(auth.videoUrl, learner.headers)).statusCode).toBe(200);
      });

      it('re-check the entitlement on every key request: a refund stops the key', async () => {
        const { course, learner, auth } = await ownedPlay();
        const media = (await get((await get(auth.videoUrl)).body.split('\n').find((l) => l.startsWith('/v1/'))!)).body;
        const keyUrl = /URI="([^"]+)"/.exec(media)![1]!;
        expect((await get(keyUrl)).statusCode).toBe(200);
        // What a refund does to the entitlement (modules/orders revokeOrder): the grant goes.
        await t.app.db.deleteFrom('user_courses').where('user_id', '=', learner.user.id).where('course_id', '=', course.id).execute();
        const res = await get(keyUrl);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe(-41230);
        expect(res.headers['content-type']).toContain('application/json');
      });

      it('refuse the key of a locked account', async () => {
        const { learner, auth } = await ownedPlay();
        const media = (await get((await get(auth.videoUrl)).body.split('\n').find((l) => l.startsWith('/v1/'))!)).body;
        const keyUrl = /URI="([^"]+)"/.exec(media)![1]!;
        await t.app.db.updateTable('users').set({ account_status: 1 }).where('id', '=', learner.user.id).execute();
        expect((await get(keyUrl)).statusCode).toBe(403);
      });
    });
  });
}

for (const dialect of dialectsUnderTest()) {
  describe(`demo seed media (${dialect})`, () => {
    it('gives every seeded video and audio course and chapter playable media at start, once', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-seed-'));
      const t = await build(dialect, { config: { dataDir: dir }, adapters: { mediaStorage: new LocalMediaStorage(path.join(dir, 'media')) } });
      try {
        await seedDemoData(t.app.db);
        const linked = await linkFallbackMedia(t.app.db, t.app.adapters.mediaStorage);
        const courses = await t.app.db.selectFrom('courses').select(['id', 'course_type', 'native_only', 'is_free']).execute();
        const chapters = await t.app.db.selectFrom('chapters').select(['id', 'course_id']).execute();
        const series = new Set(chapters.map((c) => c.course_id));
        expect(linked).toBe(chapters.length + courses.filter((c) => !series.has(c.id)).length);
        // A restart links nothing more and reuses the encrypted fallbacks.
        expect(await linkFallbackMedia(t.app.db, t.app.adapters.mediaStorage)).toBe(0);
        expect((await t.app.db.selectFrom('media_assets').select('id').where('course_id', 'is', null).execute()).length).toBe(2);

        const { headers } = await signedInUser(t);
        for (const course of courses) {
          const items = (await get(t, `/v1/courses/playlist/${course.id}`, headers)).json().data as { duration: number | null }[];
          expect(items.length, `course ${course.id}`).toBeGreaterThan(0);
        }
        const free = courses.find((c) => c.is_free === 1 && c.native_only === 0)!;
        const auth = (await t.app.inject({ method: 'POST', url: `/v1/courses/${free.id}/play_auth?sourseType=1`, headers, payload: {} })).json();
        expect(auth.code).toBe(0);
        expect((await get(t, auth.data.videoUrl)).statusCode).toBe(200);
      } finally {
        await t.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

function get(t: TestApp, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}
