/**
 * Health and storage that tell the truth (issue 11 §7, decision 020): /healthz answers 503 with
 * its reasons when the database is read-only, full or down, when the data directory takes no
 * writes and when its disk is short of space; writes then answer the coded 503 (-10220), never a
 * 500, and leave no half-written order or progress record behind.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, TRACKING_APP_ID } from '@jinfa/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { testConfig, type Config } from '../src/config.ts';
import { MemoryKvStore } from '../src/adapters/kv-store.ts';
import { createAdapters } from '../src/adapters/create-adapters.ts';
import { openDatabase } from '../src/db/database.ts';
import type { DB } from '../src/db/schema.ts';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { useServerClock } from './support/clock.ts';
import { buildCourse, signedInUser } from './support/factories.ts';
import { countTrackRows } from '../src/modules/collect/collect-repository.ts';
import { LocalMediaStorage } from '../src/adapters/storage/local-storage.ts';
import { storageFailure } from '../src/lib/storage-errors.ts';

const NO_LIMITS = { rateLimit: { ipPerMinute: 0, userPerMinute: 0 } } as Partial<Config>;
const STORAGE_503 = { code: ErrorCodes.STORAGE_UNAVAILABLE, message: '服务暂时无法保存数据，请稍后再试', data: null };

const healthz = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/healthz' });
const count = async (db: Kysely<DB>, table: 'orders' | 'listen_visits') =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe.each(dialectsUnderTest())('GET /healthz and storage failures (%s)', (dialect) => {
  let t: TestApp;
  const setClock = useServerClock();
  let clock = Date.now();
  /** The kept health result lasts a second; move past it so the next /healthz probes again. */
  const nextSecond = () => setClock((clock += 2000));
  beforeAll(async () => {
    t = await build(dialect, { config: NO_LIMITS });
  });
  afterAll(() => t.close());

  it('answers 200 {status:"ok"} after a real write to the database and the data directory', async () => {
    nextSecond();
    const res = await healthz(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    const row = await t.app.db.selectFrom('health_probe').selectAll().executeTakeFirstOrThrow();
    expect(row.checked_at).toBe(clock);
  });

  it('probes at most once a second however often it is asked', async () => {
    nextSecond();
    await healthz(t.app);
    const first = (await t.app.db.selectFrom('health_probe').select('checked_at').executeTakeFirstOrThrow()).checked_at;
    setClock(clock + 500);
    await Promise.all([healthz(t.app), healthz(t.app), healthz(t.app)]);
    expect((await t.app.db.selectFrom('health_probe').select('checked_at').executeTakeFirstOrThrow()).checked_at).toBe(first);
  });

  describe('a read-only database', () => {
    let ro: Awaited<ReturnType<typeof switchableView>>;
    let headers: Record<string, string>;
    let courseId: number;
    beforeAll(async () => {
      headers = (await signedInUser(t)).headers;
      courseId = (await buildCourse(t.app.db, { price: 19900 })).id;
      ro = await switchableView(t, dialect);
      await ro.readOnly(true);
    });
    afterAll(() => ro.close());

    it('makes /healthz answer 503 with the reason', async () => {
      nextSecond();
      const res = await healthz(ro.app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', reasons: ['database: database is read-only'] });
    });

    it('refuses an order and a progress record with the coded 503, writing nothing', async () => {
      const course = { id: courseId };
      const before = { orders: await count(t.app.db, 'orders'), visits: await count(t.app.db, 'listen_visits') };
      const order = await ro.app.inject({ method: 'POST', url: `/v1/orders/${course.id}`, headers, payload: {} });
      expect(order.statusCode).toBe(503);
      expect(order.json()).toEqual(STORAGE_503);
      const visit = await ro.app.inject({ method: 'POST', url: `/v1/courses/${course.id}/visit_play?recordId=${crypto.randomUUID()}`, headers, payload: {} });
      expect(visit.statusCode).toBe(503);
      expect(visit.json()).toEqual(STORAGE_503);
      expect({ orders: await count(t.app.db, 'orders'), visits: await count(t.app.db, 'listen_visits') }).toEqual(before);
    });

    it('refuses a tracking upload with the coded 503 after its group commit fails, storing none of it', async () => {
      const before = await countTrackRows(t.app.db, 'page_visits');
      const record = { pageId: '/index', sessionId: 'ro-session', beginTime: Date.UTC(2025, 0, 1), endTime: Date.UTC(2025, 0, 1) + 1000 };
      const res = await ro.app.inject({ method: 'POST', url: '/v1/collect/page/visit/batch', headers: { 'x-app-id': TRACKING_APP_ID }, payload: [record] });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(STORAGE_503);
      expect(await countTrackRows(t.app.db, 'page_visits')).toBe(before);
    });

    it('answers 200 again once the database takes writes, and the same order then succeeds', async () => {
      await ro.readOnly(false);
      nextSecond();
      expect((await healthz(ro.app)).json()).toEqual({ status: 'ok' });
      expect((await ro.app.inject({ method: 'POST', url: `/v1/orders/${courseId}`, headers, payload: {} })).json().code).toBe(0);
    });
  });

  it.runIf(dialect === 'postgres')('answers /healthz 503 and every call the coded 503 while PostgreSQL is down', async () => {
    const proxy = await tcpProxyTo(new URL(process.env.TEST_DATABASE_URL!));
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.app.db)).rows[0]!.s;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const database = openDatabase({ databaseUrl: url.toString(), dataDir: '', pgSchema: schema, poolSize: 2 });
    const config = testConfig(NO_LIMITS);
    const kv = new MemoryKvStore();
    const app = await buildApp({ config, database, kv, adapters: createAdapters(config) });
    await app.ready();
    try {
      const { headers } = await signedInUser(t);
      const course = await buildCourse(t.app.db, { price: 19900 });
      nextSecond();
      expect((await healthz(app)).statusCode).toBe(200);
      const before = await count(t.app.db, 'orders');
      // The server goes away: open connections are cut and new ones refused.
      await proxy.close();
      nextSecond();
      const res = await healthz(app);
      expect(res.statusCode).toBe(503);
      expect(res.json().status).toBe('unavailable');
      expect(res.json().reasons).toEqual([expect.stringMatching(/^database: database (is unreachable|connection was lost|connection was reset)$/)]);
      for (let i = 0; i < 2; i += 1) {
        const order = await app.inject({ method: 'POST', url: `/v1/orders/${course.id}`, headers, payload: {} });
        expect(order.statusCode).toBe(503);
        expect(order.json()).toEqual(STORAGE_503);
      }
      const list = await app.inject({ method: 'GET', url: '/v1/courses/list' });
      expect(list.json()).toEqual(STORAGE_503);
      expect(await count(t.app.db, 'orders')).toBe(before);
    } finally {
      await proxy.close();
      await app.close();
      await kv.close();
      await database.destroy().catch(() => undefined);
    }
  });

  it('answers 503 naming the data directory when it takes no writes', async () => {
    // A regular file where the directory should be: no write can succeed there, even as root.
    const file = path.join(os.tmpdir(), `jinfa-not-a-dir-${crypto.randomBytes(4).toString('hex')}`);
    fs.writeFileSync(file, '');
    const other = await build(dialect, { config: { ...NO_LIMITS, dataDir: file } });
    try {
      nextSecond();
      const res = await healthz(other.app);
      expect(res.statusCode).toBe(503);
      expect(res.json().reasons).toEqual(expect.arrayContaining([expect.stringMatching(/^data_dir: /)]));
    } finally {
      await other.close();
      fs.rmSync(file, { force: true });
    }
  });

  it('answers 503 naming the disk when free space is below HEALTH_MIN_FREE_MB', async () => {
    const other = await build(dialect, { config: { ...NO_LIMITS, healthMinFreeBytes: Number.MAX_SAFE_INTEGER } });
    try {
      nextSecond();
      const res = await healthz(other.app);
      expect(res.statusCode).toBe(503);
      expect(res.json().reasons).toEqual([expect.stringMatching(/^disk: \d+ MiB free, below \d+ MiB$/)]);
    } finally {
      await other.close();
    }
  });
});

describe('a full SQLite database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build('sqlite', { config: NO_LIMITS });
  });
  afterAll(() => t.close());

  it('refuses a new order with the coded 503 and leaves no half-written order', async () => {
    const { headers } = await signedInUser(t);
    const courses = [];
    for (let i = 0; i < 80; i += 1) courses.push(await buildCourse(t.app.db, { price: 19900 }));
    const before = await count(t.app.db, 'orders');
    // Cap the file where it is and fill what is left, as a full disk does.
    const pages = Number((await sql<{ page_count: number }>`pragma page_count`.execute(t.app.db)).rows[0]!.page_count);
    await sql.raw(`pragma max_page_count = ${pages + 4}`).execute(t.app.db);
    await sql`create table filler (b blob)`.execute(t.app.db);
    // Big rows first, then ever smaller ones, until not even a byte fits.
    for (const size of [512, 64, 8, 1]) {
      await expect(
        (async () => {
          for (let i = 0; i < 5000; i += 1) await sql`insert into filler values (randomblob(${size}))`.execute(t.app.db);
        })(),
      ).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    }
    // Orders go through while their pages have room; the first that needs a new page is refused.
    let made = 0;
    let refused: { id: number } | null = null;
    for (const course of courses) {
      const res = await t.app.inject({ method: 'POST', url: `/v1/orders/${course.id}`, headers, payload: {} });
      if (res.statusCode === 503) {
        expect(res.json()).toEqual(STORAGE_503);
        refused = course;
        break;
      }
      expect(res.json().code).toBe(0);
      made += 1;
    }
    expect(refused).not.toBeNull();
    await sql`drop table filler`.execute(t.app.db);
    await sql`pragma max_page_count = 1073741823`.execute(t.app.db);
    // Exactly the acknowledged orders exist; the refused one left nothing and goes through with room again.
    expect(await count(t.app.db, 'orders')).toBe(before + made);
    expect((await t.app.inject({ method: 'POST', url: `/v1/orders/${refused!.id}`, headers, payload: {} })).json().code).toBe(0);
  });
});

/** Whether this process may mount a tmpfs (root with CAP_SYS_ADMIN): then a real full and a real read-only disk are tried. */
function canMount(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jinfa-mount-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!canMount())('real disks (tmpfs)', () => {
  const mounts: string[] = [];
  const mount = (opts: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jinfa-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', opts, 'tmpfs', dir]);
    mounts.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of mounts) {
      execFileSync('umount', ['-l', dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a read-only data directory: /healthz 503 "data_dir: file system is read-only"', async () => {
    const dir = mount('ro,size=1m');
    const t = await build('sqlite', { config: { ...NO_LIMITS, dataDir: dir } });
    try {
      const res = await healthz(t.app);
      expect(res.statusCode).toBe(503);
      expect(res.json().reasons).toContain('data_dir: file system is read-only');
    } finally {
      await t.close();
    }
  });

  it('a full disk under local media storage: the upload fails with ENOSPC and leaves no file behind', async () => {
    const dir = mount('size=256k');
    const storage = new LocalMediaStorage(dir);
    await expect(storage.put('media/1/big.ts', Buffer.alloc(1024 * 1024))).rejects.toMatchObject({ code: 'ENOSPC' });
    const left = fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, String(f))).isFile());
    expect(left).toEqual([]);
    // The error handler's verdict for it: the coded 503.
    expect(storageFailure({ code: 'ENOSPC' })).toBe('disk is full');
  });

  it('a full disk under a file-backed SQLite: /healthz 503 for the disk, writes the coded 503, orders whole', async () => {
    const dir = mount('size=8m');
    const database = openDatabase({ dataDir: dir, sqliteFile: 'full.sqlite' });
    const { migrateToLatest } = await import('../src/db/migrate.ts');
    await migrateToLatest(database.db, database.dialect);
    const config = testConfig({ ...NO_LIMITS, dataDir: dir, healthMinFreeBytes: 64 * 1024 });
    const kv = new MemoryKvStore();
    const app = await buildApp({ config, database, kv, adapters: createAdapters(config) });
    await app.ready();
    try {
      const t = { app, config } as TestApp;
      const { headers } = await signedInUser(t);
      const courses = await Promise.all(Array.from({ length: 20 }, () => buildCourse(app.db, { price: 19900 })));
      const before = await count(app.db, 'orders');
      // Fill the disk beside the database until it refuses.
      const fd = fs.openSync(path.join(dir, 'filler'), 'w');
      try {
        for (;;) fs.writeSync(fd, Buffer.alloc(64 * 1024));
      } catch (err) {
        expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
      } finally {
        fs.closeSync(fd);
      }
      const res = await healthz(app);
      expect(res.statusCode).toBe(503);
      expect(res.json().reasons).toEqual(expect.arrayContaining([expect.stringMatching(/^disk: /)]));
      let refused = 0;
      let made = 0;
      for (const course of courses) {
        if (refused) break;
        const r = await app.inject({ method: 'POST', url: `/v1/orders/${course.id}`, headers, payload: {} });
        if (r.json().code === 0) made += 1;
        expect(r.statusCode === 503 || r.json().code === 0).toBe(true);
        if (r.statusCode === 503) {
          expect(r.json()).toEqual(STORAGE_503);
          refused += 1;
        }
      }
      expect(refused).toBe(1);
      fs.rmSync(path.join(dir, 'filler'));
      expect(await count(app.db, 'orders')).toBe(before + made);
    } finally {
      await app.close();
      await kv.close();
      await database.destroy();
    }
  });
});

/**
 * An app over the test's database whose connection can be switched to refuse writes, as a
 * read-only file or a read-only server would: SQLite's `query_only`, PostgreSQL's
 * `default_transaction_read_only` set on every connection the app reserves.
 */
async function switchableView(t: TestApp, dialect: 'sqlite' | 'postgres'): Promise<{ app: FastifyInstance; readOnly: (on: boolean) => Promise<void>; close: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    // One in-memory database on one connection: switch the test app's own connection.
    return {
      app: t.app,
      readOnly: async (on) => {
        await sql.raw(`pragma query_only = ${on ? 'on' : 'off'}`).execute(t.app.db);
      },
      close: async () => {
        await sql`pragma query_only = off`.execute(t.app.db);
      },
    };
  }
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.app.db)).rows[0]!.s;
  let readOnly = false;
  const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2, options: `-c search_path=${schema}` });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({
      pool,
      onReserveConnection: async (conn) => {
        await conn.executeQuery(CompiledQuery.raw(`set default_transaction_read_only = ${readOnly ? 'on' : 'off'}`));
      },
    }),
  });
  const config = testConfig(NO_LIMITS);
  const kv = new MemoryKvStore();
  const app = await buildApp({ config, database: { db, dialect, destroy: () => db.destroy() }, kv, adapters: createAdapters(config) });
  await app.ready();
  return {
    app,
    readOnly: async (on) => {
      readOnly = on;
    },
    close: async () => {
      await app.close();
      await kv.close();
      await db.destroy();
    },
  };
}

/** A TCP proxy to the PostgreSQL server; close() cuts every connection and stops listening, as a server going down does. */
async function tcpProxyTo(target: URL): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  let closed: Promise<void> | null = null;
  return {
    port,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      })),
  };
}
