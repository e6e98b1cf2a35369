/**
 * The H5 app's first-load weight (issue 3 §4): gzipped JS+CSS a first visit downloads, for the
 * home page (budget 100 KB) and for the course page. Uses apps/web/dist, building it first when
 * it is missing or when run with `--build`. Prints figures; never asserts.
 * Usage: npx tsx bench/web-budget.ts [--build]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeWeight } from '../apps/web/scripts/route-weight.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const HOME_BUDGET_KB = 100;

/** Build apps/web/dist when asked or when there is none. */
export function ensureWebDist(rebuild = false): void {
  if (!rebuild && existsSync(path.join(WEB_DIST, 'index.html'))) return;
  const res = spawnSync('npm', ['run', 'build', '-w', '@jinfa/web'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('web build failed; see the output above');
}

/** Routes and the page chunks their router entry loads lazily (file name prefixes). */
const ROUTES: { route: string; pages: string[] }[] = [
  { route: '/', pages: ['home-page'] },
  // Every page but home also loads the page table (app/route-pages.ts; index.html preloads it on a
  // deep link) and antd-mobile's React 19 render hook.
  { route: '/course/detail', pages: ['route-pages', 'course-detail-page', 'antd-setup'] },
];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Markers of libraries that must never load with the home page (issue 3 §4), found in built JS. */
const HEAVY: Record<string, RegExp> = {
  'antd-mobile': /["'`]adm-[a-z]/,
  dayjs: /isDayjs/,
  'hls.js': /hls\.js|MEDIA_ATTACHING/,
};

function heavyIn(files: string[]): string[] {
  const code = files.filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(WEB_DIST, 'assets', f), 'utf8'));
  return Object.entries(HEAVY)
    .filter(([, marker]) => code.some((c) => marker.test(c)))
    .map(([name]) => name);
}

function main(): void {
  ensureWebDist(process.argv.includes('--build'));
  console.log('\n## web first-load weight (gzip -9, JS+CSS)\n');
  for (const { route, pages } of ROUTES) {
    const { files, total, inBoot } = routeWeight(WEB_DIST, pages);
    console.log(`${route}: ${kb(total)} KB in ${files.length} files${route === '/' ? ` (budget ${HOME_BUDGET_KB} KB: ${total <= HOME_BUDGET_KB * 1024 ? 'within' : 'OVER'})` : ''}`);
    for (const f of files) console.log(`  ${kb(f.gzip).padStart(6)} KB  ${f.file}`);
    if (inBoot.length) console.log(`  (in the boot chunk: ${inBoot.join(', ')})`);
    const heavy = heavyIn(files.map((f) => f.file));
    console.log(`  heavy libraries loaded: ${heavy.length ? heavy.join(', ') : 'none'}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
