/**
 * `npm run admin:create -- --phone P --password W --role owner [--name N] [--lecturer-id N] [--corporate-id N]`
 * (from the repository root or apps/server): migrates first, then creates the console operator
 * — or, for a phone that exists, sets its password and role (a forgotten password is reset this
 * way) and ends its sessions. The password may come from ADMIN_PASSWORD instead of the command
 * line (kept out of shell history). One line of outcome on stdout; a failure on stderr, exit 1.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { OPERATOR_ROLES } from '../modules/admin/guard.ts';
import { upsertOperator } from '../modules/admin/operator-service.ts';

export const USAGE = `用法: npm run admin:create -- --phone 13800000000 --password '至少8位密码' --role ${OPERATOR_ROLES.join('|')} [--name 姓名] [--lecturer-id N] [--corporate-id N]`;

export class UsageError extends Error {}

function optionalId(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw new UsageError(`${flag} 须为正整数\n${USAGE}`);
  return Number(value);
}

export function parseAdminCreateArgs(argv: string[], env: NodeJS.ProcessEnv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        phone: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        'lecturer-id': { type: 'string' },
        'corporate-id': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`);
  }
  const password = values.password ?? env.ADMIN_PASSWORD;
  if (!values.phone || !password || !values.role) throw new UsageError(`缺少 --phone、--password 或 --role\n${USAGE}`);
  return {
    phone: values.phone,
    password,
    role: values.role,
    name: values.name,
    lecturerId: optionalId(values['lecturer-id'], '--lecturer-id'),
    corporateId: optionalId(values['corporate-id'], '--corporate-id'),
  };
}

/** Runs the command against the database DATA_DIR / DATABASE_URL of `env` name; answers the outcome line. */
export async function adminCreate(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const input = parseAdminCreateArgs(argv, env);
  // npm runs workspace scripts from the package folder: a relative DATA_DIR means where the command was typed.
  const e = { ...env };
  if (e.DATA_DIR && e.INIT_CWD) e.DATA_DIR = path.resolve(e.INIT_CWD, e.DATA_DIR);
  const config = loadConfig(e);
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db, database.dialect);
    const { id, created } = await upsertOperator(database.db, input);
    return `${database.dialect}: ${created ? 'created' : 'updated'} operator ${id} (${input.role}); sign in at /admin`;
  } finally {
    await database.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  adminCreate(process.argv.slice(2)).then(
    (line) => process.stdout.write(`${line}\n`),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
