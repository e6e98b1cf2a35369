/**
 * `npm run admin:create` (issue 13): the command's main function, run in-process against a fresh
 * DATA_DIR and a fresh PostgreSQL schema (TEST_DATABASE_URL), as db-scripts.test.ts does for the
 * database scripts. A second run for the same phone updates the password and role.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCreate } from '../src/cli/admin-create.ts';
import { verifyPassword } from '../src/modules/admin/password.ts';
import { dialectsUnderTest, freshScriptTarget, type ScriptTarget } from './support/db.ts';

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
const scripts = (file: string) => (JSON.parse(fs.readFileSync(file, 'utf8')) as { scripts: Record<string, string> }).scripts;

it('is a script of the server and of the repository root', () => {
  expect(scripts(path.join(SERVER_ROOT, 'package.json'))['admin:create']).toBe('tsx src/cli/admin-create.ts');
  expect(scripts(path.join(SERVER_ROOT, '../../package.json'))['admin:create']).toMatch(/admin:create -w @jinfa\/server --$/);
});

describe.each(dialectsUnderTest())('npm run admin:create (%s)', (dialect) => {
  let target: ScriptTarget;
  beforeAll(async () => {
    target = await freshScriptTarget(dialect, 'jinfa-admin-create-', { NODE_ENV: 'test' });
  });
  afterAll(async () => {
    await target?.cleanup();
  });

  const operator = (phone: string) => target.database.db.selectFrom('operators').selectAll().where('phone', '=', phone).executeTakeFirst();

  it('migrates a fresh database and creates the operator; a second run updates password and role', async () => {
    const out = await adminCreate(['--phone', '13800000011', '--password', 'first-secret', '--role', 'owner', '--name', '店长'], target.env);
    expect(out).toMatch(new RegExp(`^${dialect}: created operator \\d+ \\(owner\\)`));
    const row = (await operator('13800000011'))!;
    expect(row).toMatchObject({ role: 'owner', name: '店长', disabled: 0 });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.password_hash, 'first-secret')).toBe(true);

    const again = await adminCreate(['--phone', '13800000011', '--password', 'second-secret', '--role', 'finance'], { ...target.env });
    expect(again).toMatch(new RegExp(`^${dialect}: updated operator ${row.id} \\(finance\\)`));
    const updated = (await operator('13800000011'))!;
    expect(updated).toMatchObject({ id: row.id, role: 'finance', name: '店长' });
    expect(await verifyPassword(updated.password_hash, 'second-secret')).toBe(true);
    expect(await verifyPassword(updated.password_hash, 'first-secret')).toBe(false);
    const audit = await target.database.db.selectFrom('audit_log').select(['action', 'ip']).where('target_id', '=', String(row.id)).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'operator.cli_create', ip: 'cli' },
      { action: 'operator.cli_update', ip: 'cli' },
    ]);
  });

  it('refuses a short password, a bad phone, an unknown role, and a lecturer without a lecturer', async () => {
    await expect(adminCreate(['--phone', '13800000012', '--password', 'short', '--role', 'owner'], target.env)).rejects.toThrow('密码至少 8 位');
    await expect(adminCreate(['--phone', '12345', '--password', 'long-enough', '--role', 'owner'], target.env)).rejects.toThrow('手机号');
    await expect(adminCreate(['--phone', '13800000012', '--password', 'long-enough', '--role', 'root'], target.env)).rejects.toThrow('角色');
    await expect(adminCreate(['--phone', '13800000012', '--password', 'long-enough', '--role', 'lecturer'], target.env)).rejects.toThrow('讲师');
    await expect(adminCreate(['--phone', '13800000012', '--password', 'long-enough'], target.env)).rejects.toThrow('--role');
    await expect(adminCreate(['--phone', '13800000012', '--password', 'long-enough', '--role', 'owner', '--bogus'], target.env)).rejects.toThrow('用法');
    expect(await operator('13800000012')).toBeUndefined();
  });
});
