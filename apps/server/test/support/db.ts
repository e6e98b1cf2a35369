/**
 * Test databases: a fresh in-memory SQLite always, and a fresh PostgreSQL schema when
 * TEST_DATABASE_URL is set (Kysely's own test-setup loops over dialects the same way).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database, type Dialect } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

export function dialectsUnderTest(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase extends Database {
  /** Drops the schema (PostgreSQL) and closes the pool. */
  cleanup: () => Promise<void>;
  /** PostgreSQL: the fresh schema this database lives in (a child process can be pointed at it). */
  schema?: string;
}

export async function createTestDatabase(dialect: Dialect, opts: { migrate?: boolean } = {}): Promise<TestDatabase> {
  let database: Database;
  let cleanup: () => Promise<void>;
  let pgSchema: string | undefined;
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    pgSchema = schema;
    const admin = openDatabase({ databaseUrl: url, dataDir: '', poolSize: 1 });
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.destroy();
    database = openDatabase({ databaseUrl: url, dataDir: '', pgSchema: schema, poolSize: 5 });
    cleanup = async () => {
      await database.destroy();
      const a = openDatabase({ databaseUrl: url, dataDir: '', poolSize: 1 });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(a.db);
      await a.destroy();
    };
  } else {
    database = openDatabase({ dataDir: '', sqliteFile: ':memory:' });
    cleanup = () => database.destroy();
  }
  if (opts.migrate !== false) await migrateToLatest(database.db, database.dialect);
  return { ...database, cleanup, schema: pgSchema };
}

/** Where a command-line script under test writes: a fresh PostgreSQL schema, or a DATA_DIR not made yet (as on a fresh clone). */
export interface ScriptTarget {
  /** The script's environment: DATABASE_URL pointed at the schema, or DATA_DIR; `extraEnv` besides. */
  env: Record<string, string>;
  /** The database the script wrote, opened by the test (on SQLite when first read). */
  readonly database: Database;
  schema?: string;
  cleanup: () => Promise<void>;
}

export async function freshScriptTarget(dialect: Dialect, tmpPrefix: string, extraEnv: Record<string, string> = {}): Promise<ScriptTarget> {
  if (dialect === 'postgres') {
    const t = await createTestDatabase('postgres', { migrate: false });
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${t.schema!}`);
    return { env: { ...extraEnv, DATABASE_URL: url.toString() }, database: t, schema: t.schema!, cleanup: t.cleanup };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  const dataDir = path.join(dir, 'data');
  let database: Database | undefined;
  return {
    env: { ...extraEnv, DATA_DIR: dataDir },
    get database() {
      database ??= openDatabase({ dataDir });
      return database;
    },
    cleanup: async () => {
      await database?.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
