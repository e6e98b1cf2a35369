/**
 * Builds the H5 app and the operator console once before the journeys, so they run against what
 * `npm start` serves (the server hosts the console's build at /admin).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  if (process.env.E2E_SKIP_BUILD === '1') return;
  for (const workspace of ['@jinfa/web', '@jinfa/admin']) {
    const res = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (res.status !== 0) throw new Error(`${workspace} build failed`);
  }
}
