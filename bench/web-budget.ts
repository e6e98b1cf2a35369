/**
 * The H5 app's first-load weight (issue 3 §4, issue 11 §10): gzipped JS+CSS a first visit
 * downloads, for the home page (budget 100 KB) and for the course page. Uses apps/web/dist,
 * building it first when it is missing or when run with `--build`. Prints figures; never asserts.
 *
 * Two figures for home: the static one (index.html's entry and the page chunk with their imports,
 * apps/web/scripts/route-weight.mjs), and the one the budget is about: every JS and CSS file a
 * phone with WeChat's user agent fetches from a first visit until the network is idle, which adds
 * what loads when the browser is idle (tracker, WeChat share). The JS-SDK from WeChat's own host
 * is listed apart: it is not ours to trim, and it cannot load on a machine without the internet.
 * Usage: npx tsx bench/web-budget.ts [--build] [--static]   (--static: no browser, no server)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { routeWeight } from '../apps/web/scripts/route-weight.mjs';
import { launchBrowser, phoneContext } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';

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

/** The network counts as idle after this long without a request in flight (Playwright's own rule is 500 ms). */
const QUIET_MS = 2000;

/**
 * Every request a WeChat phone makes on a first visit to `route` until the network has been quiet
 * for QUIET_MS (which lets requestIdleCallback work run). Our JS/CSS are weighed from dist/.
 */
async function browserWeight(route: string): Promise<{ ours: { file: string; gzip: number }[]; foreign: string[]; total: number }> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await (await phoneContext(browser)).newPage();
    const urls: string[] = [];
    let inFlight = 0;
    let lastChange = Date.now();
    const settle = () => {
      inFlight -= 1;
      lastChange = Date.now();
    };
    page.on('request', (r) => {
      urls.push(r.url());
      inFlight += 1;
      lastChange = Date.now();
    });
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    await page.goto(`${server.url}${route}`, { waitUntil: 'load' });
    const deadline = Date.now() + 30_000;
    while ((inFlight > 0 || Date.now() - lastChange < QUIET_MS) && Date.now() < deadline) await page.waitForTimeout(100);
    const ours: { file: string; gzip: number }[] = [];
    const foreign: string[] = [];
    for (const u of urls) {
      const url = new URL(u);
      if (!/\.(js|css)$/.test(url.pathname)) continue;
      if (url.origin !== server.url) foreign.push(u);
      else if (url.pathname.startsWith('/assets/')) {
        ours.push({ file: url.pathname.slice('/assets/'.length), gzip: gzipSync(readFileSync(path.join(WEB_DIST, url.pathname)), { level: 9 }).length });
      }
    }
    return { ours, foreign, total: ours.reduce((sum, f) => sum + f.gzip, 0) };
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function main(): Promise<void> {
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
  if (process.argv.includes('--static')) return;
  const home = await browserWeight('/');
  console.log(
    `\n/ in a WeChat phone browser until the network is idle: ${kb(home.total)} KB in ${home.ours.length} files ` +
      `(budget ${HOME_BUDGET_KB} KB: ${home.total <= HOME_BUDGET_KB * 1024 ? 'within' : 'OVER'})`,
  );
  for (const f of home.ours) console.log(`  ${kb(f.gzip).padStart(6)} KB  ${f.file}`);
  for (const u of home.foreign) console.log(`  (not counted, another host: ${u})`);
  const heavy = heavyIn(home.ours.map((f) => f.file));
  console.log(`  heavy libraries loaded: ${heavy.length ? heavy.join(', ') : 'none'}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
