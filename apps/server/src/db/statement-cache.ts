/**
 * Kysely's SQLite dialect calls `prepare` for every query, and preparing costs as much as
 * running a small catalogue read. This wrapper keeps the prepared statements by SQL text
 * (bounded, least recently used first out), so a hot read compiles its SQL once per process.
 * Safe because Kysely's SQLite driver runs one statement at a time on its single connection.
 */
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export const STATEMENT_CACHE_SIZE = 500;

interface RawSqlite {
  close(): unknown;
  prepare(sql: string): SqliteStatement;
}

export function withStatementCache(sqlite: RawSqlite, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (statement) {
        // Refresh its place in the LRU order.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= size) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
