/**
 * What the database commands (`db:migrate`, `db:seed`) share: the server's own configuration
 * (DATA_DIR, DATABASE_URL) and database, closed at the end; one line of outcome on stdout, a
 * failure on stderr with exit code 1.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';

export async function runDatabaseCommand(work: (database: Database) => Promise<string>): Promise<void> {
  // npm runs workspace scripts from the package folder: a relative DATA_DIR means where the
  // command was typed (the repository root, as for `npm start`).
  const env = { ...process.env };
  if (env.DATA_DIR && env.INIT_CWD) env.DATA_DIR = path.resolve(env.INIT_CWD, env.DATA_DIR);
  let database: Database | undefined;
  try {
    const config = loadConfig(env);
    database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    process.stdout.write(`${await work(database)}\n`);
  } catch (err) {
    process.stderr.write(`${err instanceof ConfigError || err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  } finally {
    await database?.destroy();
  }
}
