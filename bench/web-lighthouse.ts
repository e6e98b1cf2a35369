/**
 * Lighthouse mobile performance (issue 3 §4: at least 90) on the home page and on a course
 * page, against the real server (`node scripts/start.mjs`, seeded SQLite in a temp DATA_DIR,
 * test-login mode) serving apps/web/dist, with Debian Chromium (CHROME_PATH, default
 * /usr/bin/chromium). Lighthouse's default mobile settings: Moto G Power emulation, simulated
 * slow 4G and 4× CPU slowdown. Each page runs RUNS times (default 3); the median is reported.
 *
 * The course page needs a login (paths.ts: courseDetail is 'login', and the guard accepts an
 * `apptoken` query only on /cor/history and /userCenter/myBill), so the run logs in as the
 * first preset user through the test-login call and puts the token in localStorage
 * (`access_token`, as the app stores it) before Lighthouse loads the page with its storage reset
 * turned off; the HTTP cache is emptied before every run instead, so each run is a first visit.
 * Usage: npx tsx bench/web-lighthouse.ts [--build]   (LH_REPORT_DIR=/tmp/x keeps each run's JSON;
 * PAGES=course or PAGES=home runs one page only; LH_THROTTLING=devtools throttles the browser itself)
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own dependency: used to seed localStorage in the browser Lighthouse drives.
import puppeteer from 'puppeteer-core';
import { startServer } from '../e2e/support/server.ts';
import { ensureWebDist } from './web-budget.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const COURSE_ID = Number(process.env.COURSE_ID ?? 1);

interface Envelope<T> {
  code: number;
  data: T;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  const body = (await res.json()) as Envelope<T>;
  if (body.code !== 0) throw new Error(`${url} answered code ${body.code}`);
  return body.data;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  ensureWebDist(process.argv.includes('--build'));
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-quic'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const users = await getJson<{ userId: number }[]>(`${server.url}/v1/users/preset`);
    const first = users[0];
    if (!first) throw new Error('no preset users: is TEST_LOGIN on?');
    const tokens = await getJson<{ accessToken: string; refreshToken?: string }>(`${server.url}/v1/wechat/token2?userId=${first.userId}`);

    const pages = [
      { name: 'home', url: `${server.url}/`, login: false },
      { name: 'course page', url: `${server.url}/#/course/detail?courseId=${COURSE_ID}`, login: true },
    ];
    console.log(`\n## Lighthouse mobile performance (median of ${RUNS})\n`);
    // PAGES=course (or home): only the pages whose name starts with it.
    for (const target of pages.filter((p) => !process.env.PAGES || p.name.startsWith(process.env.PAGES))) {
      const scores: number[] = [];
      const metrics: Record<string, number[]> = { FCP: [], LCP: [], TBT: [], CLS: [], SI: [] };
      for (let run = 0; run < RUNS; run += 1) {
        const page = await browser.newPage();
        // A cold first visit every run: Lighthouse's own reset is off (it would also wipe the
        // token), so empty the HTTP cache, where the immutable hashed assets would otherwise stay.
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
        await page.goto(`${server.url}/healthz`);
        await page.evaluate(
          (token: string | null) => {
            // Runs in the page; the bench compiles without the DOM library.
            const store = (globalThis as unknown as { localStorage: { clear(): void; setItem(k: string, v: string): void } }).localStorage;
            store.clear();
            if (token) store.setItem('access_token', token);
          },
          target.login ? tokens.accessToken : null,
        );
        const result = await lighthouse(
          target.url,
          {
            onlyCategories: ['performance'],
            output: 'json',
            logLevel: 'error',
            disableStorageReset: true,
            // LH_THROTTLING=devtools: the same slow 4G and 4× CPU applied to the real browser, so
            // request priorities and preloads act as they do on a phone (the default, simulate,
            // replays the trace through Lighthouse's network model).
            ...(process.env.LH_THROTTLING === 'devtools' ? { throttlingMethod: 'devtools' as const } : {}),
          },
          undefined,
          page,
        );
        await page.close();
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${target.url}`);
        if (process.env.LH_REPORT_DIR) {
          writeFileSync(path.join(process.env.LH_REPORT_DIR, `${target.name.replace(/\W+/g, '-')}-${run + 1}.json`), JSON.stringify(lhr));
        }
        if (lhr.runtimeError) throw new Error(`${target.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        metrics.FCP!.push(audit('first-contentful-paint'));
        metrics.LCP!.push(audit('largest-contentful-paint'));
        metrics.TBT!.push(audit('total-blocking-time'));
        metrics.CLS!.push(audit('cumulative-layout-shift'));
        metrics.SI!.push(audit('speed-index'));
        if (lhr.finalDisplayedUrl.includes('/user/login')) console.log(`  warning: ${target.name} ended on the login page`);
      }
      const m = (k: string) => median(metrics[k]!);
      console.log(
        `${target.name.padEnd(12)} performance ${median(scores)} (runs: ${scores.join(', ')})  ` +
          `FCP ${(m('FCP') / 1000).toFixed(2)} s  LCP ${(m('LCP') / 1000).toFixed(2)} s  TBT ${Math.round(m('TBT'))} ms  ` +
          `CLS ${m('CLS').toFixed(3)}  SI ${(m('SI') / 1000).toFixed(2)} s   ${target.url.replace(server.url, '')}`,
      );
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    await server.stop();
  }
}

await main();
