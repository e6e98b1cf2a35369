/**
 * The supporting catalogue reads (banners, subjects, hot tags, hot searches) and delivery:
 * ETag and 304, Cache-Control per policy, the in-process cache of anonymous answers and its
 * invalidation (decision 006), brotli/gzip on JSON and static text, and immutable hashed assets.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banner, Subject, TagSummary } from '@jinfa/shared';
import { seedDemoData } from '../src/demo/seeder.ts';
import { withStatementCache } from '../src/db/statement-cache.ts';
import { ResponseCache, catalogueCacheFor, invalidateCatalogue, sendCatalogue } from '../src/modules/courses/http-cache.ts';
import { rebuildSearchIndex } from '../src/modules/courses/search-repository.ts';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildUser, loginAs } from './support/factories.ts';

describe('SQLite statement cache', () => {
  it('prepares each SQL text once, and keeps at most its size', () => {
    const prepared: string[] = [];
    const fake = {
      close: () => undefined,
      prepare: (text: string) => {
        prepared.push(text);
        return { reader: true, all: () => [], run: () => ({ changes: 0, lastInsertRowid: 0 }), iterate: () => [][Symbol.iterator]() };
      },
    };
    const db = withStatementCache(fake, 2);
    const a = db.prepare('select 1');
    expect(db.prepare('select 1')).toBe(a);
    db.prepare('select 2');
    db.prepare('select 1'); // most recently used again
    db.prepare('select 3'); // evicts 'select 2', the least recently used
    db.prepare('select 1');
    db.prepare('select 2');
    expect(prepared).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });
});

describe.each(dialectsUnderTest())('catalogue (%s)', (dialect) => {
  let t: TestApp;
  let webDist: string;
  const bundle = `/* app */\n${'export const greeting = "金法课堂";\n'.repeat(200)}`;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'jinfa-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><html><head><title>金法课堂</title></head><body><div id="root"></div>${'<!-- pad -->'.repeat(120)}</body></html>`);
    fs.writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.js'), bundle);
    t = await build(dialect, { config: { webDist } });
    await seedDemoData(t.app.db);
    await rebuildSearchIndex(t.app.db);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const data = async <T>(url: string): Promise<T> => {
    const body = (await get(url)).json();
    expect(body.code, body.message).toBe(0);
    return body.data as T;
  };

  describe('GET /v1/banners', () => {
    it('answers the public banners, highest sort first, without corporate ones', async () => {
      const banners = await data<Banner[]>('/v1/banners');
      const rows = await t.app.db.selectFrom('banners').select(['id', 'sort']).where('corporate_id', 'is', null).orderBy('sort', 'desc').orderBy('id').execute();
      expect(banners.map((b) => b.bannerId)).toEqual(rows.map((r) => r.id));
      expect(banners.length).toBeGreaterThan(0);
      for (const b of banners) {
        expect(b.image).toMatch(/^\/assets\/static\//);
        expect(b.title).not.toBe('');
        expect([0, 1, 2, 3]).toContain(b.linkType);
      }
    });
  });

  describe('GET /v1/subjects', () => {
    it('answers every subject in order with its count of listed courses', async () => {
      const subjects = await data<Subject[]>('/v1/subjects');
      const all = await t.app.db.selectFrom('subjects').select('id').orderBy('sort').orderBy('id').execute();
      expect(subjects.map((s) => s.subjectId)).toEqual(all.map((s) => s.id));
      for (const s of subjects.slice(0, 3)) {
        const list = (await get(`/v1/courses/list?subjectId=${s.subjectId}`)).json().data;
        expect(s.courseCount, s.name).toBe(list.total);
      }
      expect(subjects.reduce((n, s) => n + s.courseCount, 0)).toBe((await get('/v1/courses/list')).json().data.total);
    });
  });

  describe('GET /v1/tags/hot', () => {
    it('answers the most used tags first, each count matching its tag list', async () => {
      const tags = await data<TagSummary[]>('/v1/tags/hot?size=5');
      expect(tags).toHaveLength(5);
      for (let i = 1; i < tags.length; i++) expect(tags[i - 1]!.courseCount).toBeGreaterThanOrEqual(tags[i]!.courseCount);
      for (const tag of tags) {
        expect((await get(`/v1/courses/list?tagId=${tag.tagId}`)).json().data.total, tag.tagName).toBe(tag.courseCount);
      }
      expect(await data<TagSummary[]>('/v1/tags/hot')).toHaveLength(10);
      expect((await get('/v1/tags/hot?size=abc')).json().code).toBe(-10001);
    });
  });

  describe('GET /v1/search/hot', () => {
    it('answers curated banking-law keywords', async () => {
      const hot = await data<Array<{ keyword: string; hot: boolean }>>('/v1/search/hot');
      expect(hot.map((h) => h.keyword)).toEqual(expect.arrayContaining(['反洗钱', '民法典', '票据', '个人信息保护', '不良资产']));
      expect(hot.some((h) => h.hot)).toBe(true);
    });
  });

  describe('ETag and 304', () => {
    it('answers 304 with no body when the client has the current answer', async () => {
      for (const url of ['/v1/courses/list?pageSize=5', '/v1/banners', '/v1/subjects', '/v1/courses/latest', '/v1/search/hot']) {
        const first = await get(url);
        const etag = first.headers.etag as string;
        expect(etag, url).toMatch(/^W\/".+"$/);
        expect(first.headers['cache-control'], url).toBe('public, max-age=30');
        const again = await get(url, { 'if-none-match': etag });
        expect(again.statusCode, url).toBe(304);
        expect(again.body, url).toBe('');
        expect(again.headers.etag, url).toBe(etag);
        expect((await get(url, { 'if-none-match': 'W/"stale"' })).statusCode, url).toBe(200);
      }
    });

    it('changes the ETag once the catalogue changes and the cache is invalidated', async () => {
      const id = (await t.app.db.selectFrom('courses').select('id').where('status', '=', 1).where('corporate_id', 'is', null).orderBy('id').executeTakeFirstOrThrow()).id;
      const url = `/v1/courses/${id}`;
      const before = await get(url);
      await t.app.db.updateTable('courses').set({ subtitle: '改过的副标题' }).where('id', '=', id).execute();
      // Within the TTL the anonymous answer comes from the in-process cache…
      expect((await get(url)).headers.etag).toBe(before.headers.etag);
      // …until a writer invalidates it.
      invalidateCatalogue(t.app.db);
      const after = await get(url);
      expect(after.json().data.subtitle).toBe('改过的副标题');
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect((await get(url, { 'if-none-match': before.headers.etag as string })).statusCode).toBe(200);
    });

    it('reads the database every time when the cache TTL is 0', async () => {
      const store = catalogueCacheFor(t.app.db);
      const ttl = store.ttlMs;
      store.ttlMs = 0;
      try {
        invalidateCatalogue(t.app.db);
        const id = (await t.app.db.selectFrom('banners').select('id').where('corporate_id', 'is', null).orderBy('sort', 'desc').executeTakeFirstOrThrow()).id;
        await get('/v1/banners');
        await t.app.db.updateTable('banners').set({ title: '新横幅' }).where('id', '=', id).execute();
        expect((await data<Banner[]>('/v1/banners'))[0]!.title).toBe('新横幅');
        expect(store.size).toBe(0);
      } finally {
        store.ttlMs = ttl;
      }
    });

    it('never stores an answer made for a signed-in learner', async () => {
      invalidateCatalogue(t.app.db);
      const { headers } = await loginAs(t, (await buildUser(t.app.db)).id);
      const id = (await t.app.db.selectFrom('courses').select('id').where('status', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
      const mine = await get(`/v1/courses/${id}`, headers);
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(catalogueCacheFor(t.app.db).size).toBe(0);
      const anon = await get(`/v1/courses/${id}`);
      expect(anon.json().data).not.toHaveProperty('isFavorite');
      expect(anon.headers.vary).toContain('Access-Token');
    });

    it('runs one load for many requests arriving together, and keeps nothing loaded across an invalidation', async () => {
      const store = new ResponseCache();
      let loads = 0;
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const fakeReply = () => {
        const reply = {
          sent: undefined as unknown,
          serialize: (v: unknown) => JSON.stringify(v),
          header: () => reply,
          type: () => reply,
          code: () => reply,
          send: (body?: unknown) => {
            reply.sent = body;
            return reply;
          },
        };
        return reply;
      };
      const send = () => {
        const reply = fakeReply();
        return sendCatalogue({ headers: {} } as never, reply as never, {
          policy: 'public',
          cache: { store, key: 'k' },
          load: async () => {
            loads += 1;
            await gate;
            return { n: loads };
          },
        }).then(() => reply.sent);
      };
      const answers = Promise.all(Array.from({ length: 20 }, send));
      release();
      expect(new Set(await answers).size).toBe(1);
      expect(loads).toBe(1);

      // A load that an invalidation overtakes answers its caller but is not kept.
      store.clear();
      let releaseSecond: () => void = () => undefined;
      const slow = new Promise<void>((resolve) => {
        releaseSecond = resolve;
      });
      const late = sendCatalogue({ headers: {} } as never, fakeReply() as never, { policy: 'public', cache: { store, key: 'k' }, load: async () => { await slow; return 1; } });
      store.clear();
      releaseSecond();
      await late;
      expect(store.size).toBe(0);
    });

    it('sends no ETag on an error answer', async () => {
      const res = await get('/v1/courses/987654321');
      expect(res.json().code).toBe(-10004);
      expect(res.headers.etag).toBeUndefined();
    });
  });

  describe('compression', () => {
    it('sends JSON as brotli or gzip when the client accepts it', async () => {
      const plain = (await get('/v1/courses/list?pageSize=20')).json();
      const br = await get('/v1/courses/list?pageSize=20', { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain);
      expect(br.rawPayload.length).toBeLessThan(JSON.stringify(plain).length / 3);
      const gz = await get('/v1/courses/list?pageSize=20', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain);
    });
  });

  describe('static web app', () => {
    it('serves hashed assets immutable for a year, compressed', async () => {
      const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-encoding']).toMatch(/^(br|gzip)$/);
      const body = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload);
      expect(body.toString('utf8')).toBe(bundle);
    });

    it('serves index.html with no-cache, also for client routes', async () => {
      for (const url of ['/index.html', '/', '/course/detail?courseId=1']) {
        const res = await get(url, { accept: 'text/html', 'accept-encoding': 'gzip' });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['content-encoding'], url).toBe('gzip');
        expect(zlib.gunzipSync(res.rawPayload).toString('utf8'), url).toContain('<div id="root">');
      }
    });
  });
});
