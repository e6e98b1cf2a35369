// SCRATCH (R): screenshots for review; delete before finishing.
import { startServer } from './support/server.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';

const out = (n: string) => `/tmp/r-shots/${n}`;
const server = await startServer();
const browser = await launchBrowser();
const api = async <T,>(method: string, url: string, token?: string): Promise<{ code: number; data: T }> => {
  const res = await fetch(`${server.url}${url}`, { method, headers: { ...(token ? { 'access-token': token } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) }, body: method === 'POST' ? '{}' : undefined });
  return (await res.json()) as { code: number; data: T };
};
try {
  const token = (await api<{ accessToken: string }>('GET', '/v1/wechat/token2?userId=1&productType=0')).data.accessToken;
  const rows = (await api<{ rows: Array<{ courseId: number; name: string; mediaType: number; isFree: boolean }> }>('GET', '/v1/courses/list?pageIndex=1&pageSize=50')).data.rows;
  const paid = rows.find((c) => c.name.includes('合规管理办法'))!;
  const seriesC = rows.find((c) => c.name.includes('民法典与银行业务十讲'))!;
  const order = await api<{ order: { orderId: number } }>('POST', `/v1/orders/${paid.courseId}`, token);
  await api('POST', `/v1/orders/${order.data.order.orderId}/sandbox_pay`, token);
  const ctx = await phoneContext(browser);
  await ctx.addInitScript(([t]) => { localStorage.setItem('access_token', t); localStorage.setItem('user_id', '1'); }, [token] as const);
  if (process.env.FORCE_PAGE_FS) {
    await ctx.addInitScript({ content: "Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: function () { return false; }, configurable: true }); delete Element.prototype.requestFullscreen; delete Element.prototype.webkitRequestFullscreen;" });
  }
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
  await page.goto(`${server.url}/#/course/detail?courseId=${paid.courseId}`);
  await page.getByTestId('video-play').waitFor();
  await page.evaluate(() => {
    const v = document.querySelector('video')!;
    (window as any).__log = [];
    for (const e of ['loadstart', 'emptied', 'seeking', 'seeked', 'playing', 'pause', 'ended', 'waiting', 'durationchange']) v.addEventListener(e, () => (window as any).__log.push(`${Math.round(performance.now())} ${e} ${v.currentTime.toFixed(2)} ${v.src.slice(-60)}`));
  });
  await page.getByTestId('video-play').click();
  await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1.5, null, { timeout: 20000 });
  await page.waitForTimeout(1500);
  console.log((await page.evaluate(() => (window as any).__log)).join('\n'));
  if (process.env.ONLY_LOG) process.exit(0);
  const state = async (p: typeof page) => console.log(await p.evaluate(() => `${document.querySelector('video')!.currentTime.toFixed(2)} paused=${document.querySelector('video')!.paused} label=${document.querySelector('[data-testid=video-time]')?.textContent} rs=${document.querySelector('video')!.readyState}`));
  await page.getByTestId('video-player').click({ position: { x: 195, y: 60 } });
  await page.getByRole('button', { name: '倍速' }).waitFor();
  await state(page);
  await page.screenshot({ path: out('video.png') });
  await state(page);
  await page.getByRole('button', { name: '倍速' }).click();
  await page.screenshot({ path: out('video-speed.png'), clip: { x: 0, y: 0, width: 390, height: 300 } });
  await page.getByRole('menuitemradio', { name: '1.25x' }).click();
  if (!(await page.getByRole('button', { name: '倍速' }).isVisible())) await page.getByTestId('video-player').click({ position: { x: 195, y: 60 } });
  if (await page.getByRole('button', { name: '清晰度' }).count()) {
    await page.getByRole('button', { name: '清晰度' }).click();
    await page.screenshot({ path: out('video-quality.png'), clip: { x: 0, y: 0, width: 390, height: 300 } });
    await page.getByRole('menuitemradio', { name: '自动' }).click();
  }
  await page.screenshot({ path: out('video-full.png'), fullPage: true });
  // full screen
  await page.getByTestId('video-player').click({ position: { x: 195, y: 60 } }).catch(() => {});
  const fsButton = page.getByRole('button', { name: '全屏' });
  if (!(await fsButton.isVisible())) await page.getByTestId('video-player').click({ position: { x: 195, y: 60 } });
  await fsButton.click();
  await page.waitForTimeout(600);
  if (!(await page.getByRole('button', { name: '退出全屏' }).isVisible())) await page.getByTestId('video-player').click({ position: { x: 100, y: 400 } });
  await page.screenshot({ path: out('video-fullscreen.png') });
  await page.getByRole('button', { name: /倍速|x$/ }).first().click();
  await page.screenshot({ path: out('video-fullscreen-menu.png') });
  await page.setViewportSize({ width: 844, height: 390 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: out('video-fullscreen-landscape.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  console.log('player class', await page.getByTestId('video-player').getAttribute('class'));
  console.log(await page.evaluate(() => { const b = document.querySelector('[data-testid=video-player]')!; const cs = getComputedStyle(b); return JSON.stringify({ fs: String(document.fullscreenElement?.tagName), fsEnabled: document.fullscreenEnabled, rf: typeof (b as any).requestFullscreen, pos: cs.position, transform: cs.transform, w: cs.width, h: cs.height, left: cs.left, portrait: matchMedia('(orientation: portrait)').matches, appH: getComputedStyle(document.documentElement).getPropertyValue('--app-height') }); }));
  await page.close();

  const p2 = await ctx.newPage();
  await p2.goto(`${server.url}/#/course/detail?courseId=${seriesC.courseId}`);
  await p2.getByTestId('chapter').first().click();
  await p2.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1.5, null, { timeout: 20000 });
  if (!(await p2.getByRole('button', { name: '倍速' }).isVisible())) await p2.getByTestId('video-player').click({ position: { x: 195, y: 60 } });
  await p2.screenshot({ path: out('series.png') });
  await p2.getByTestId('chapter-list').scrollIntoViewIfNeeded();
  await p2.evaluate(() => window.scrollBy(0, -200));
  await p2.waitForTimeout(300);
  await p2.screenshot({ path: out('series-chapters.png') });
  await p2.screenshot({ path: out('series-full.png'), fullPage: true });
  await p2.close();

  const p3 = await ctx.newPage();
  const audio = rows.find((c) => c.isFree && c.mediaType === 2)!;
  await p3.goto(`${server.url}/#/course/detail?courseId=${audio.courseId}`);
  await p3.getByTestId('audio-play').click();
  await p3.waitForFunction(() => (document.querySelector<HTMLAudioElement>('audio')?.currentTime ?? 0) > 1, null, { timeout: 20000 });
  await p3.screenshot({ path: out('audio-panel.png') });
  await p3.evaluate(() => { window.location.hash = '#/mycourses'; });
  await p3.getByTestId('audio-mini-bar').waitFor();
  await p3.waitForTimeout(800);
  await p3.screenshot({ path: out('audio-mini.png') });
  await p3.evaluate(() => { window.location.hash = '#/discover'; });
  await p3.waitForTimeout(800);
  await p3.screenshot({ path: out('audio-mini2.png') });
} finally {
  await browser.close();
  await server.stop();
}
