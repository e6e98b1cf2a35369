/**
 * `npm run db:migrate` and `npm run db:seed` (issue 12): each script of package.json runs as npm
 * runs it (its command, from apps/server, with node_modules/.bin on the PATH) against a fresh
 * DATA_DIR, and against a fresh PostgreSQL schema when TEST_DATABASE_URL is set. Migrating and
 * seeding again changes nothing: no table gains or loses a row.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { dialectsUnderTest, freshScriptTarget, type ScriptTarget } from './support/db.ts';

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
const SCRIPTS = (JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const run = promisify(execFile);

/** Runs a package script the way npm does; answers its one line of outcome. */
async function npmScript(name: 'db:migrate' | 'db:seed', env: Record<string, string>): Promise<string> {
  const [command, ...args] = SCRIPTS[name]!.split(' ');
  const bin = [path.join(SERVER_ROOT, 'node_modules/.bin'), path.join(REPO_ROOT, 'node_modules/.bin')];
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATA_DIR', 'DATABASE_URL', 'INIT_CWD'].includes(k)));
  const { stdout } = await run(command!, args, {
    cwd: SERVER_ROOT,
    env: { ...base, ...env, PATH: [...bin, process.env.PATH].join(path.delimiter) },
  });
  return stdout.trim();
}

/** Rows in every table of the database (FTS shadow tables on SQLite included). */
async function rowCounts(database: Database, schema?: string): Promise<Record<string, number>> {
  const tables = (await database.db.introspection.getTables()).filter((t) => !t.isView && (schema === undefined || t.schema === schema));
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(database.db);
    counts[name] = Number(rows[0]!.n);
  }
  return counts;
}

describe.each(dialectsUnderTest())('npm run db:migrate, db:seed (%s)', (dialect) => {
  let target: ScriptTarget;
  beforeAll(async () => {
    target = await freshScriptTarget(dialect, 'jinfa-db-scripts-');
  });
  afterAll(async () => {
    await target?.cleanup();
  });

  it('migrates a fresh database, and a second run has nothing to do', async () => {
    expect(await npmScript('db:migrate', target.env)).toMatch(new RegExp(`^${dialect}: applied \\d+ migrations`));
    expect(await npmScript('db:migrate', target.env)).toBe(`${dialect}: already at the latest migration`);
  }, 120_000);

  it('seeds the demo data once; seeding again changes no table', async () => {
    expect(await npmScript('db:seed', target.env)).toMatch(new RegExp(`^${dialect}: seeded the demo data`));
    const before = await rowCounts(target.database, target.schema);
    expect(before.courses).toBeGreaterThan(0);
    expect(before.users).toBeGreaterThan(0);
    expect(Object.keys(before).length).toBeGreaterThan(40);

    expect(await npmScript('db:seed', target.env)).toMatch(new RegExp(`^${dialect}: not empty, left as it is`));
    expect(await rowCounts(target.database, target.schema)).toEqual(before);
  }, 120_000);
});
