import { startServer } from './support/server.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
const server = await startServer(); const b = await launchBrowser();
try {
const token = ((await (await fetch(`${server.url}/v1/wechat/token2?userId=1&productType=0`)).json()) as any).data.accessToken;
const rows = ((await (await fetch(`${server.url}/v1/courses/list?isFree=1&pageIndex=1&pageSize=50`)).json()) as any).data.rows;
const free = rows.find((c: any) => c.courseType === 1 && c.mediaType === 1);
for (const mode of ['native', 'hlsjs']) for (const [latency, kbit] of [[20, 4096], [20, 64]]) {
  const ctx = await phoneContext(b);
  await ctx.addInitScript(([t, m]) => { localStorage.setItem('access_token', t); localStorage.setItem('jf_player', m); }, [token, mode] as const);
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  const seen: string[] = [];
  cdp.on('Network.requestWillBeSent', (e: any) => { if (/media\/(play|keys)/.test(e.request.url)) seen.push(new URL(e.request.url).pathname.split('/').slice(-2).join('/')); });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: kbit * 1024 / 8, uploadThroughput: 3 * 1024 * 1024 / 8 });
  await page.goto(`${server.url}/#/course/detail?courseId=${free.courseId}`);
  await page.getByTestId('video-play').waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => { const v = document.querySelector('video')! as any; (window as any).__f = new Promise((r) => v.requestVideoFrameCallback((n: number) => r(n))); document.addEventListener('click', () => ((window as any).__t = performance.now()), { capture: true, once: true }); });
  await page.getByTestId('video-play').click();
  const ms = await page.evaluate(async () => (await (window as any).__f) - (window as any).__t);
  console.log(mode, 'latency', latency, 'kbit', kbit, 'first frame', Math.round(ms), 'ms; media requests seen by CDP:', seen.length, seen.slice(0, 6).join(' '));
  await ctx.close();
}
} finally { await b.close(); await server.stop(); }
