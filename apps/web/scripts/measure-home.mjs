// Gzipped size of what the home page (`/`) loads: index.html's entry script and CSS, their
// static imports (modulepreload), the chunks the router lazily loads for `/` (the home page),
// and what main.tsx imports right after start-up (antd-mobile's React 19 setup).
// Matches what Chromium fetches for `/` (checked with Playwright's network log).
// Usage: node scripts/measure-home.mjs   (after `npm run build`)
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const assets = new Set(readdirSync(join(dist, 'assets')));

const refs = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((m) => m[1]);
const seen = new Set();
const queue = [...refs];

/** Static imports of a chunk (`import … from "./x.js"`, `import "./x.js"`). */
function staticImports(code) {
  return [...code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+)["']/g)].map((m) => m[1]);
}

while (queue.length) {
  const name = queue.shift();
  if (seen.has(name) || !assets.has(name)) continue;
  seen.add(name);
  if (name.endsWith('.js')) queue.push(...staticImports(readFileSync(join(dist, 'assets', name), 'utf8')));
}

// Lazily loaded for `/`: the home page module and the start-up antd setup, with their imports.
const home = [...assets].filter((n) => /^(home-page|antd-setup)-.*\.(js|css)$/.test(n));
queue.push(...home);
while (queue.length) {
  const name = queue.shift();
  if (seen.has(name) || !assets.has(name)) continue;
  seen.add(name);
  if (name.endsWith('.js')) queue.push(...staticImports(readFileSync(join(dist, 'assets', name), 'utf8')));
}

let total = 0;
const rows = [...seen].sort().map((name) => {
  const raw = readFileSync(join(dist, 'assets', name));
  const gz = gzipSync(raw, { level: 9 }).length;
  total += gz;
  return { file: name, raw: raw.length, gzip: gz };
});
console.table(rows);
console.log(`home page JS+CSS: ${(total / 1024).toFixed(1)} KB gzipped (${total} bytes) in ${rows.length} files`);
