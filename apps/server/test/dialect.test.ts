/**
 * db/dialect.ts, the one place SQLite and PostgreSQL differ (issue 12): each helper learns the
 * dialect from the handle it is given — the root handle or a transaction — and answers alike on
 * both databases.
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  containsPattern,
  dialectOf,
  forUpdate,
  hasSingleWriter,
  inIntList,
  insertColumns,
  intListValue,
  isUniqueViolation,
  jsonArrayAgg,
  jsonObject,
  likeContains,
  multiRowSql,
} from '../src/db/dialect.ts';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from './support/db.ts';

describe.each(dialectsUnderTest())('db/dialect (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    await sql`create table probe (id integer primary key, name text not null unique)`.execute(database.db);
  });
  afterAll(() => database.cleanup());

  it('names the dialect of the root handle and of a transaction opened on it', async () => {
    expect(dialectOf(database.db)).toBe(dialect);
    await database.db.transaction().execute(async (trx) => {
      expect(dialectOf(trx)).toBe(dialect);
      expect(hasSingleWriter(trx)).toBe(dialect === 'sqlite');
    });
    expect(dialectOf(database.db.withSchema('x'))).toBe(dialect);
  });

  it('locks rows for update only where the database locks rows', () => {
    const { sql: text } = forUpdate(database.db, database.db.selectFrom('users').selectAll()).compile();
    expect(text.includes('for update')).toBe(dialect === 'postgres');
  });

  it('inserts rows in the dialect’s parameter markers and by column, and tells a unique violation from other errors', async () => {
    const text = multiRowSql(database.db, 'probe-test', 'insert into probe (id, name)', 2, 2, '');
    await database.db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw(text, [1, 'a', 2, 'b']));
      await insertColumns(trx, 'probe', [
        { name: 'id', type: 'int', values: [3, 4, 5] },
        { name: 'name', type: 'text', values: ['c', '50%_off', 'd'] },
      ], 2);
    });
    const names = await sql<{ name: string }>`select name from probe order by id`.execute(database.db);
    expect(names.rows.map((r) => r.name)).toEqual(['a', 'b', 'c', '50%_off', 'd']);

    const duplicate = await sql`insert into probe (id, name) values (9, 'a')`.execute(database.db).catch((e: unknown) => e);
    expect(isUniqueViolation(duplicate)).toBe(true);
    const missing = await sql`insert into probe (id, name) values (10, null)`.execute(database.db).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Error);
    expect(isUniqueViolation(missing)).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });

  it('binds a list of ids as one value, aggregates JSON in order and matches substrings with wildcards taken literally', async () => {
    const picked = await sql<{ id: number }>`select id from probe where ${inIntList(database.db, sql.ref('id'), intListValue(database.db, [5, 1, 99]))} order by id`.execute(database.db);
    expect(picked.rows.map((r) => Number(r.id))).toEqual([1, 5]);

    const agg = (where: ReturnType<typeof sql>) =>
      sql<{ j: unknown }>`select ${jsonArrayAgg(database.db, jsonObject(database.db, { id: sql`id`, name: sql`name` }), sql`id desc`)} as j from probe where ${where}`.execute(database.db);
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(parse((await agg(sql`id <= 2`)).rows[0]?.j)).toEqual([{ id: 2, name: 'b' }, { id: 1, name: 'a' }]);
    expect(parse((await agg(sql`id > 100`)).rows[0]?.j)).toEqual([]);

    const like = (text: string) =>
      sql<{ name: string }>`select name from probe where ${containsPattern(database.db, sql.ref('name'), likeContains(text))} order by id`.execute(database.db);
    expect((await like('%_')).rows.map((r) => r.name)).toEqual(['50%_off']);
    expect((await like('OFF')).rows.map((r) => r.name)).toEqual(['50%_off']);
  });
});
