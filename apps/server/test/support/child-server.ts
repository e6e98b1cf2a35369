/**
 * The real server in its own process, for the durability suites: `src/server.ts` started as
 * `npm start` runs it, on a free port, resolved once /healthz answers; killed with any signal.
 * PostgreSQL suites get a throw-away schema the server is pointed at through libpq `options`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.ts';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export interface ChildServer {
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
}

/** Starts `src/server.ts` as `npm start` runs it, and resolves once /healthz answers. */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'off',
      RATE_LIMIT_IP_PER_MIN: '0',
      RATE_LIMIT_USER_PER_MIN: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`server did not answer /healthz:\n${out}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, child, exited };
    // Not a synchronisation sleep: a poll interval while the process starts listening.
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Kills whatever is still running and waits for every process to exit. */
export async function stopAll(servers: ChildServer[]): Promise<void> {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
}

/** A fresh PostgreSQL schema and the DATABASE_URL that puts the server in it. */
export async function pgSchemaFor(prefix: string): Promise<{ schema: string; databaseUrl: string }> {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const admin = openDatabase({ databaseUrl: url, dataDir: '', poolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.destroy();
  // The server has no schema setting; libpq's `options` puts it in its own schema.
  return { schema, databaseUrl: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` };
}

export async function dropPgSchema(schema: string): Promise<void> {
  const admin = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: '', poolSize: 1 });
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
  await admin.destroy();
}
