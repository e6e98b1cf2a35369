// What a first visit to one route downloads, from a built dist/: index.html's entry script and
// CSS with their static imports (modulepreload), plus the route's lazily loaded page chunk(s)
// and their static imports and CSS. Sizes are gzip level 9, the budget's unit (issue 3 §4).
// Shared by scripts/measure-home.mjs and bench/web-budget.ts.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Static imports of a built chunk (`import … from "./x.js"`, `import "./x.js"`). */
function staticImports(code) {
  return [...code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+)["']/g)].map((m) => m[1]);
}

/**
 * The CSS files Vite's preload helper loads with a lazily imported chunk: the dependency map of
 * the chunk that imports it (the boot chunk, or the page table `route-pages-*.js`) lists, per
 * dynamic import, the chunk's JS and CSS files.
 */
function cssFor(chunk, assets, mapCode) {
  const base = chunk.replace(/-[\w-]{8}\.js$/, '');
  return [...assets].filter((n) => n.endsWith('.css') && n.startsWith(`${base}-`) && mapCode.includes(n));
}

/**
 * @param {string} dist  the build's output folder
 * @param {string[]} pages  chunk name prefixes the route lazily loads, e.g. ['home-page']
 * @returns {{ files: { file: string, raw: number, gzip: number }[], total: number, inBoot: string[] }}
 *   `inBoot`: pages with no chunk of their own (bundled into the entry's boot chunk).
 */
export function routeWeight(dist, pages) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const assets = new Set(readdirSync(join(dist, 'assets')));
  const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((m) => m[1]);
  const mapCode = [...assets]
    .filter((n) => n.endsWith('.js'))
    .map((n) => readFileSync(join(dist, 'assets', n), 'utf8'))
    .join('\n');
  const inBoot = [];
  const lazy = pages.flatMap((prefix) => {
    // `<prefix>-<8-character hash>.js`, so `home-page` does not also match `user-home-page-….js`.
    const found = [...assets].filter((n) => n.startsWith(`${prefix}-`) && /^-[\w-]{8}\.js$/.test(n.slice(prefix.length)));
    if (found.length > 1) throw new Error(`expected one chunk named ${prefix}-*.js in ${dist}, found ${found.join(', ')}`);
    if (found.length === 0) inBoot.push(prefix);
    return found;
  });
  const seen = new Set();
  const queue = [...entry, ...lazy];
  while (queue.length) {
    const name = queue.shift();
    if (seen.has(name) || !assets.has(name)) continue;
    seen.add(name);
    if (!name.endsWith('.js')) continue;
    queue.push(...staticImports(readFileSync(join(dist, 'assets', name), 'utf8')));
    if (!entry.includes(name)) queue.push(...cssFor(name, assets, mapCode));
  }
  let total = 0;
  const files = [...seen].sort().map((file) => {
    const raw = readFileSync(join(dist, 'assets', file));
    const gzip = gzipSync(raw, { level: 9 }).length;
    total += gzip;
    return { file, raw: raw.length, gzip };
  });
  return { files, total, inBoot };
}
