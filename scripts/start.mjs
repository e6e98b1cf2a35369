#!/usr/bin/env node
// `npm start`: build the H5 app when it has not been built, then run the server in this very
// process (so SIGTERM reaches it directly). The server migrates and seeds on its own.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(process.env.WEB_DIST || path.join(root, 'apps/web/dist'), 'index.html');

if (!existsSync(webIndex)) {
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: 'building the H5 app (first start)' }));
  const res = spawnSync('npm', ['run', 'build', '-w', '@jinfa/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('web build failed; see the output above');
    process.exit(res.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(path.join(root, 'apps/server/src/server.ts')).href);
