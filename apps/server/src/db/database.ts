/**
 * Opens the database named by the configuration: SQLite (better-sqlite3, WAL, foreign keys on)
 * in DATA_DIR by default, PostgreSQL when DATABASE_URL is postgres://… (decision 001).
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { DB } from './schema.ts';
import { withStatementCache } from './statement-cache.ts';
import type { Dialect } from './migrations/helpers.ts';


export type { Dialect };

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  destroy: () => Promise<void>;
}

// PostgreSQL returns bigint (int8) and numeric as strings; our bigints are epoch-ms and fit in a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir, or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests isolate themselves in a fresh schema). */
  pgSchema?: string;
  poolSize?: number;
}

/**
 * PostgreSQL connections per process. Kysely takes a connection per query (per transaction
 * inside one), so a few serve many concurrent requests; more only add backends competing for the
 * database's cores. Measured by bench/checkout.ts at 20 concurrent checkouts, database on the same
 * 2 cores: pools of 4–5 beat 10, and 20 was clearly worse (decision 009). The test suites use 5.
 */
export const DEFAULT_PG_POOL_SIZE = 5;

export function openDatabase(opts: OpenDatabaseOptions): Database {
  if (isPostgresUrl(opts.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? DEFAULT_PG_POOL_SIZE,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    // An idle client whose server went away makes the pool emit 'error'; unhandled, that would end
    // the process. The next query reconnects or fails and answers the coded 503 (decision 020).
    pool.on('error', () => undefined);
    // The same for a client lost while checked out: its query fails; the event must not crash us.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const file = opts.sqliteFile ?? 'jinfa.sqlite';
  let target = file;
  if (file !== ':memory:') {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    target = path.join(opts.dataDir, file);
  }
  const sqlite = new SQLite(target);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
