#!/usr/bin/env node
// `npm start`: build the H5 app and the operator console when they have not been built, then run the server in this very
// process (so SIGTERM reaches it directly). The server migrates and seeds on its own.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(process.env.WEB_DIST || path.join(root, 'apps/web/dist'), 'index.html');
const adminIndex = path.join(process.env.ADMIN_DIST || path.join(root, 'apps/admin/dist'), 'index.html');

/** Builds a workspace whose index.html is missing (first start); exits on a failed build. */
function buildIfMissing(index, workspace, what) {
  if (existsSync(index)) return;
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `building the ${what} (first start)` }));
  const res = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`${what} build failed; see the output above`);
    process.exit(res.status ?? 1);
  }
}

buildIfMissing(webIndex, '@jinfa/web', 'H5 app');
// The operator console, served at /admin (issue 13).
buildIfMissing(adminIndex, '@jinfa/admin', 'operator console');

const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(path.join(root, 'apps/server/src/server.ts')).href);
