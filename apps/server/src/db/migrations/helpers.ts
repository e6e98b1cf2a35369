import type { ColumnDataType, ColumnDefinitionBuilder } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export interface MigrationContext {
  dialect: Dialect;
}

/**
 * The surrogate primary key. SQLite wants INTEGER PRIMARY KEY AUTOINCREMENT (ids never reused);
 * PostgreSQL uses an identity column. This is the one place the two DDLs differ.
 */
export function idColumn(dialect: Dialect): {
  type: ColumnDataType;
  build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
} {
  return dialect === 'sqlite'
    ? { type: 'integer', build: (c) => c.primaryKey().autoIncrement() }
    : { type: 'integer', build: (c) => c.primaryKey().generatedByDefaultAsIdentity() };
}
