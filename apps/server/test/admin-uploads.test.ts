/**
 * Console media uploads (docs/console.md "Media uploads"): tus 1.0 over a real socket — create,
 * a PATCH cut off half-way, HEAD on a freshly started second instance (same database, same
 * DATA_DIR) giving the offset, the rest from there — then the existing pipeline turns the file
 * into the chapter's encrypted HLS asset. And every refusal: role, CSRF, someone else's upload,
 * another lecturer's chapter, size, type, chapter. SQLite always, PostgreSQL with TEST_DATABASE_URL.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCodes, ConsoleErrorCodes } from '@jinfa/shared';
import { buildApp } from '../src/app.ts';
import { createAdapters } from '../src/adapters/create-adapters.ts';
import { LocalMediaStorage } from '../src/adapters/storage/local-storage.ts';
import { detectFfmpeg } from '../src/modules/media/transcode.ts';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildLecturer, buildSeriesWithTrial } from './support/factories.ts';
import { signInOperator, type SignedInOperator } from './support/admin.ts';

const ff = await detectFfmpeg();

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const metadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

for (const dialect of dialectsUnderTest()) {
  describe(`console media uploads (${dialect})`, { timeout: 60_000 }, () => {
    let t: TestApp;
    let dir: string;
    let base: string;
    let second: FastifyInstance | null = null;
    let clip: Buffer;
    let course: Awaited<ReturnType<typeof buildSeriesWithTrial>>;
    let operator: SignedInOperator;

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-uploads-'));
      t = await build(dialect, { config: { dataDir: dir }, adapters: { mediaStorage: new LocalMediaStorage(path.join(dir, 'media')) } });
      base = await listen(t.app);
      if (ff) {
        // One second at 160x120 with a tone: a few KB, transcoded in well under a second.
        const file = path.join(dir, 'clip.mp4');
        const r = spawnSync(ff.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=160x120:r=10:d=1', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file]);
        if (r.status !== 0) throw new Error(r.stderr.toString());
        clip = fs.readFileSync(file);
      } else {
        clip = Buffer.alloc(64 * 1024, 7);
      }
      course = await buildSeriesWithTrial(t.app.db);
      operator = await signInOperator(t, { role: 'operator' });
    });
    afterAll(async () => {
      await second?.close();
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    async function send(method: string, url: string, headers: Record<string, string>, body?: Buffer, at = base): Promise<Answer> {
      const res = await fetch(`${at}${url}`, { method, headers: { 'tus-resumable': '1.0.0', ...headers }, ...(body ? { body } : {}) });
      return { status: res.status, headers: res.headers, body: method === 'HEAD' ? '' : await res.text() };
    }
    const code = (a: Answer) => (JSON.parse(a.body) as { code: number }).code;

    function create(who: SignedInOperator | Record<string, string>, meta: Record<string, string>, length = clip.length) {
      const headers = 'headers' in who ? (who.headers as Record<string, string>) : who;
      return send('POST', '/v1/admin/uploads', { ...headers, 'upload-length': String(length), 'upload-metadata': metadata(meta) });
    }
    const forChapter = (chapterId: number | string, extra: Record<string, string> = {}) => ({ filename: '第一讲.mp4', filetype: 'video/mp4', chapterId: String(chapterId), ...extra });
    const uploadIdOf = (a: Answer) => a.headers.get('location')!.split('/').pop()!;

    /** Sends `part` as a PATCH at `offset` announcing `total - offset` bytes, and cuts the socket once the server has stored them. */
    async function patchThenCut(id: string, offset: number, part: Buffer, total: number) {
      const url = new URL(`${base}/v1/admin/uploads/${id}`);
      const req = http.request(url, {
        method: 'PATCH',
        headers: { ...operator.headers, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(total - offset) },
      });
      const closed = new Promise<void>((resolve) => {
        req.on('error', () => resolve());
        req.on('close', () => resolve());
      });
      req.write(part);
      const stored = path.join(dir, 'uploads', id);
      await vi.waitFor(() => expect(fs.statSync(stored).size).toBeGreaterThanOrEqual(offset + part.length), { timeout: 10_000, interval: 20 });
      req.destroy();
      await closed;
    }

    describe.skipIf(!ff)('tus create → cut PATCH → HEAD after a restart → resumed PATCH → transcoded', () => {
      it('gives the chapter an encrypted HLS asset that plays, with an audit row', async () => {
        const chapterId = course.trial.id;
        const created = await create(operator, forChapter(chapterId));
        expect(created.status).toBe(201);
        expect(created.headers.get('location')).toMatch(/^\/v1\/admin\/uploads\/[0-9a-f]{32}$/);
        const id = uploadIdOf(created);

        const half = Math.floor(clip.length / 2);
        await patchThenCut(id, 0, clip.subarray(0, half), clip.length);

        // A second instance on the same database and DATA_DIR: nothing of the upload lived only in memory.
        second = await buildApp({ config: t.config, database: t.db, kv: t.kv, adapters: { ...createAdapters(t.config), sms: t.sms, mediaStorage: new LocalMediaStorage(path.join(dir, 'media')) } });
        const secondBase = await listen(second);
        const head = await send('HEAD', `/v1/admin/uploads/${id}`, { cookie: operator.cookie }, undefined, secondBase);
        expect(head.status).toBe(200);
        expect(head.headers.get('upload-length')).toBe(String(clip.length));
        expect(head.headers.get('x-content-type-options')).toBe('nosniff');
        expect(head.headers.get('cache-control')).toBe('no-store');
        const offset = Number(head.headers.get('upload-offset'));
        expect(offset).toBeGreaterThan(0);
        expect(offset).toBeLessThanOrEqual(half);

        const rest = await send('PATCH', `/v1/admin/uploads/${id}`, { ...operator.headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, clip.subarray(offset), secondBase);
        expect(rest.status).toBe(204);
        expect(rest.headers.get('upload-offset')).toBe(String(clip.length));
        const assetId = Number(rest.headers.get('x-media-asset-id'));
        expect(assetId).toBeGreaterThan(0);

        const final = await vi.waitFor(
          async () => {
            const res = await t.app.inject({ method: 'GET', url: `/v1/admin/media/${assetId}`, headers: { cookie: operator.cookie } });
            const { data } = res.json();
            if (data.status !== 'ready' && data.status !== 'failed') throw new Error(`still ${data.status} ${data.progress}`);
            return data;
          },
          { timeout: 45_000, interval: 100 },
        );
        expect(final).toMatchObject({ assetId, courseId: course.series.id, chapterId, mediaType: 1, status: 'ready', progress: 100, error: null });
        expect(final.durationSeconds).toBeGreaterThan(0.5);
        expect(final.durationSeconds).toBeLessThan(2);

        // The asset is the chapter's: it is what plays now, with its own key, and the chapter's length is the recording's.
        const key = await t.app.db.selectFrom('media_keys').selectAll().where('asset_id', '=', assetId).executeTakeFirst();
        expect(key?.key_hex).toMatch(/^[0-9a-f]{32}$/);
        // Written just after the asset turns ready.
        await vi.waitFor(async () => {
          const chapter = await t.app.db.selectFrom('chapters').select('duration_seconds').where('id', '=', chapterId).executeTakeFirstOrThrow();
          expect(chapter.duration_seconds).toBe(Math.round(final.durationSeconds));
        });
        const master = fs.readFileSync(path.join(dir, 'media', (await t.app.db.selectFrom('media_assets').select('storage_prefix').where('id', '=', assetId).executeTakeFirstOrThrow()).storage_prefix, 'master.m3u8'), 'utf8');
        expect(master).toContain('#EXT-X-STREAM-INF');

        const audit = await t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'media.upload').where('target_id', '=', String(chapterId)).execute();
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({ operator_id: operator.operatorId, target_type: 'chapter' });
        expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ mediaAssetId: assetId, uploadId: id, filename: '第一讲.mp4', size: clip.length });
        const upload = await t.app.db.selectFrom('media_uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        expect(upload).toMatchObject({ status: 'finished', asset_id: assetId, operator_id: operator.operatorId });

        // The received file is removed once the pipeline has it.
        await vi.waitFor(() => expect(fs.existsSync(path.join(dir, 'uploads', id))).toBe(false), { timeout: 5_000, interval: 20 });
      });

      it('shows what the pipeline says about a file it cannot read', async () => {
        const junk = Buffer.alloc(4096, 1);
        const created = await create(operator, forChapter(course.paid.id, { filename: 'broken.mp4' }), junk.length);
        const id = uploadIdOf(created);
        const done = await send('PATCH', `/v1/admin/uploads/${id}`, { ...operator.headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, junk);
        expect(done.status).toBe(204);
        const assetId = Number(done.headers.get('x-media-asset-id'));
        const final = await vi.waitFor(
          async () => {
            const { data } = (await t.app.inject({ method: 'GET', url: `/v1/admin/media/${assetId}`, headers: { cookie: operator.cookie } })).json();
            if (data.status !== 'failed' && data.status !== 'ready') throw new Error(`still ${data.status}`);
            return data;
          },
          { timeout: 20_000, interval: 50 },
        );
        expect(final.status).toBe('failed');
        expect(final.error).toMatch(/ffprobe/);
      });
    });

    describe('POST /v1/admin/uploads refusals', () => {
      it('needs a console session', async () => {
        const res = await create({}, forChapter(course.trial.id));
        expect(res.status).toBe(401);
        expect(code(res)).toBe(ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED);
      });

      it('refuses a role that does not edit courses', async () => {
        for (const role of ['finance', 'reviewer', 'corporate_admin'] as const) {
          const who = await signInOperator(t, { role });
          const res = await create(who, forChapter(course.trial.id));
          expect(res.status).toBe(403);
          expect(code(res)).toBe(ConsoleErrorCodes.ADMIN_FORBIDDEN);
        }
      });

      it('refuses a write without the CSRF token', async () => {
        const res = await create({ cookie: operator.cookie }, forChapter(course.trial.id));
        expect(res.status).toBe(403);
        expect(code(res)).toBe(ConsoleErrorCodes.ADMIN_CSRF);
        const wrong = await create({ cookie: operator.cookie, 'x-csrf-token': 'x'.repeat(43) }, forChapter(course.trial.id));
        expect(code(wrong)).toBe(ConsoleErrorCodes.ADMIN_CSRF);
      });

      it("lets a lecturer upload to their own course's chapter only", async () => {
        const mine = await signInOperator(t, { role: 'lecturer', lecturerId: course.series.lecturer_id });
        const other = await signInOperator(t, { role: 'lecturer', lecturerId: (await buildLecturer(t.app.db)).id });
        const refused = await create(other, forChapter(course.trial.id));
        expect(refused.status).toBe(404);
        expect(code(refused)).toBe(ConsoleErrorCodes.ADMIN_NOT_FOUND);
        const allowed = await create(mine, forChapter(course.trial.id));
        expect(allowed.status).toBe(201);
        expect(await t.app.db.selectFrom('media_uploads').select('operator_id').where('id', '=', uploadIdOf(allowed)).executeTakeFirst()).toEqual({ operator_id: mine.operatorId });
      });

      it('refuses more than 4 GB, and no size at all', async () => {
        const big = await create(operator, forChapter(course.trial.id), 4 * 1024 ** 3 + 1);
        expect(big.status).toBe(413);
        expect(code(big)).toBe(ConsoleErrorCodes.UPLOAD_TOO_LARGE);
        const deferred = await send('POST', '/v1/admin/uploads', { ...operator.headers, 'upload-defer-length': '1', 'upload-metadata': metadata(forChapter(course.trial.id)) });
        expect(code(deferred)).toBe(ConsoleErrorCodes.UPLOAD_LENGTH_INVALID);
        const empty = await create(operator, forChapter(course.trial.id), 0);
        expect(code(empty)).toBe(ConsoleErrorCodes.UPLOAD_LENGTH_INVALID);
        const exactly = await create(operator, forChapter(course.trial.id), 4 * 1024 ** 3);
        expect(exactly.status).toBe(201);
      });

      it('refuses a missing, malformed or unknown chapter with a code', async () => {
        for (const chapterId of ['', 'abc', '0', '-3', '1.5']) {
          const res = await create(operator, forChapter(chapterId));
          expect(res.status).toBe(400);
          expect(code(res)).toBe(ConsoleErrorCodes.UPLOAD_CHAPTER_INVALID);
        }
        const { chapterId: _omit, ...noChapter } = forChapter(1);
        expect(code(await create(operator, noChapter))).toBe(ConsoleErrorCodes.UPLOAD_CHAPTER_INVALID);
        const unknown = await create(operator, forChapter(99_999_999));
        expect(unknown.status).toBe(404);
        expect(code(unknown)).toBe(ConsoleErrorCodes.ADMIN_NOT_FOUND);
      });

      it('takes video, audio, PDF and PPT only, and only what the course can play', async () => {
        const image = await create(operator, forChapter(course.trial.id, { filename: 'a.png', filetype: 'image/png' }));
        expect(image.status).toBe(415);
        expect(code(image)).toBe(ConsoleErrorCodes.UPLOAD_TYPE_NOT_ALLOWED);
        expect(code(await create(operator, forChapter(course.trial.id, { filename: 'a.exe', filetype: '' })))).toBe(ConsoleErrorCodes.UPLOAD_TYPE_NOT_ALLOWED);
        expect(code(await create(operator, forChapter(course.trial.id, { filename: '' })))).toBe(ConsoleErrorCodes.UPLOAD_METADATA_INVALID);
        // A video course cannot play a bare sound file.
        const audio = await create(operator, forChapter(course.trial.id, { filename: 'a.m4a', filetype: 'audio/mp4' }));
        expect(code(audio)).toBe(ConsoleErrorCodes.UPLOAD_TYPE_MISMATCH);
        for (const [filename, filetype] of [
          ['讲义.pdf', 'application/pdf'],
          ['课件.pptx', ''],
          ['课件.ppt', 'application/vnd.ms-powerpoint'],
          ['录像.mkv', ''],
        ] as const) {
          const res = await create(operator, forChapter(course.trial.id, { filename, filetype }));
          expect(res.status, filename).toBe(201);
        }
      });
    });

    describe('HEAD, PATCH, DELETE /v1/admin/uploads/:uploadId', () => {
      it("answers 404 to another operator's HEAD, PATCH and DELETE, and lets the owner give up", async () => {
        const created = await create(operator, forChapter(course.paid.id));
        const id = uploadIdOf(created);
        const other = await signInOperator(t, { role: 'operator' });
        const owner = await signInOperator(t, { role: 'owner' });
        for (const who of [other, owner]) {
          expect((await send('HEAD', `/v1/admin/uploads/${id}`, { cookie: who.cookie })).status).toBe(404);
          const patch = await send('PATCH', `/v1/admin/uploads/${id}`, { ...who.headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, clip.subarray(0, 100));
          expect(patch.status).toBe(404);
          expect(code(patch)).toBe(ConsoleErrorCodes.ADMIN_NOT_FOUND);
          expect(code(await send('DELETE', `/v1/admin/uploads/${id}`, who.headers))).toBe(ConsoleErrorCodes.ADMIN_NOT_FOUND);
        }
        // Nothing of theirs reached the file.
        const mine = await send('HEAD', `/v1/admin/uploads/${id}`, { cookie: operator.cookie });
        expect(mine.headers.get('upload-offset')).toBe('0');

        const noCsrf = await send('PATCH', `/v1/admin/uploads/${id}`, { cookie: operator.cookie, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, clip.subarray(0, 100));
        expect(code(noCsrf)).toBe(ConsoleErrorCodes.ADMIN_CSRF);

        expect((await send('DELETE', `/v1/admin/uploads/${id}`, operator.headers)).status).toBe(204);
        expect((await send('HEAD', `/v1/admin/uploads/${id}`, { cookie: operator.cookie })).status).toBe(404);
        expect(fs.existsSync(path.join(dir, 'uploads', id))).toBe(false);
      });

      it('answers 404 to an id that is not an upload', async () => {
        expect((await send('HEAD', '/v1/admin/uploads/0123456789abcdef0123456789abcdef', { cookie: operator.cookie })).status).toBe(404);
        expect((await send('HEAD', '/v1/admin/uploads/..%2F..%2Fetc', { cookie: operator.cookie })).status).toBe(404);
      });
    });

    describe('GET /v1/admin/media/:assetId', () => {
      it("keeps a lecturer to their own courses' media and refuses other roles", async () => {
        const asset = await t.app.db
          .insertInto('media_assets')
          .values({ course_id: course.series.id, chapter_id: course.trial.id, media_type: 1, status: 'pending', progress: 0, error: null, storage_prefix: 'assets/x', duration_seconds: null, variants: '[]', source: 'import', created_at: 1, updated_at: 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        const url = `/v1/admin/media/${asset.id}`;
        const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
        const mine = await signInOperator(t, { role: 'lecturer', lecturerId: course.series.lecturer_id });
        const other = await signInOperator(t, { role: 'lecturer', lecturerId: (await buildLecturer(t.app.db)).id });
        const finance = await signInOperator(t, { role: 'finance' });
        expect((await get({ cookie: mine.cookie })).json()).toMatchObject({ code: 0, data: { assetId: asset.id, status: 'pending', progress: 0, error: null, durationSeconds: null } });
        expect((await get({ cookie: operator.cookie })).json().code).toBe(0);
        expect((await get({ cookie: other.cookie })).json().code).toBe(ConsoleErrorCodes.ADMIN_NOT_FOUND);
        expect((await get({ cookie: finance.cookie })).json().code).toBe(ConsoleErrorCodes.ADMIN_FORBIDDEN);
        expect((await get({})).json().code).toBe(ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED);
        expect((await t.app.inject({ method: 'GET', url: '/v1/admin/media/99999999', headers: { cookie: operator.cookie } })).json().code).toBe(ConsoleErrorCodes.ADMIN_NOT_FOUND);
        // The ops token of the media:import route still reads it.
        expect((await get({ 'x-ops-token': 'dev-ops-token' })).json().code).toBe(0);
        expect((await get({ 'x-ops-token': 'wrong' })).json().code).toBe(ErrorCodes.OPS_TOKEN_REQUIRED);
      });
    });
  });
}
