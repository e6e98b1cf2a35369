/** Builds the H5 app once before the journeys, so they run against what `npm start` serves. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const res = spawnSync('npm', ['run', 'build', '-w', '@jinfa/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('web build failed');
}
