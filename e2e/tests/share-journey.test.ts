/**
 * The share journey (issue 6 §4): in WeChat, a course page configures the JS-SDK with a signature
 * from the real server and shares the course with the learner's suid; 分享 → 生成海报 draws the
 * poster on /activity/shareCard. WeChat's script is served by a stand-in that records calls
 * (no network beyond loopback). Phone size, WeChat user agent, real server and seeded database.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useJourney } from '../support/journey.ts';
import { artifact } from '../support/browser.ts';
import { smsLogin, toastGone } from '../support/page.ts';

/** The JS-SDK stand-in: records every call, and is ready at once. */
const FAKE_JWEIXIN = `window.__wx = [];
window.wx = new Proxy({}, { get: (_, name) => name === 'then' ? undefined : (arg) => { window.__wx.push([name, arg && typeof arg === 'object' ? JSON.parse(JSON.stringify(arg)) : null]); if (name === 'ready') arg(); } });`;

describe('share journey', () => {
  const { server, phone } = useJourney();

  it('signs the course page for WeChat and draws a poster of the course', async () => {
    const context = await phone();
    await context.route('https://res.wx.qq.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: FAKE_JWEIXIN }));
    const page = await context.newPage();
    const mobile = '13800002222';
    await page.goto(`${server.url}/#/user/login?redirect=${encodeURIComponent('/')}`);
    await smsLogin(page, server, mobile);
    await page.waitForURL((url) => url.hash === '#/' || url.hash === '');

    const card = page.getByTestId('course-card').first();
    const title = (await card.locator('h3').innerText()).trim();
    await card.click();
    await page.waitForURL(/#\/course\/detail\?courseId=/);
    const courseId = new URL(page.url().split('#')[1]!, 'http://x').searchParams.get('courseId');

    // The page is signed (url without the hash, as WeChat checks it) and shares this course. The share controller loads only once the browser is idle (boot.ts), which a loaded machine delays: poll up to 20 s.
    const calls = () => page.evaluate(() => (window as unknown as { __wx?: [string, Record<string, unknown>][] }).__wx ?? []);
    await expect.poll(async () => (await calls()).some(([name, arg]) => name === 'updateAppMessageShareData' && arg.title === title), { timeout: 20_000 }).toBe(true);
    const log = await calls();
    const config = log.find(([name]) => name === 'config')![1] as { appId: string; timestamp: number; nonceStr: string; signature: string };
    const ticket = `local-jsapi-ticket-${config.appId}`;
    const expected = crypto.createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${config.nonceStr}&timestamp=${config.timestamp}&url=${server.url}/`).digest('hex');
    expect(config.signature).toBe(expected);
    const shared = log.filter(([name]) => name === 'updateAppMessageShareData').at(-1)![1] as { link: string; imgUrl: string };
    const link = new URL(shared.link.split('#')[1]!, 'http://x');
    expect(link.pathname).toBe('/course/detail');
    expect(link.searchParams.get('courseId')).toBe(courseId);
    expect(link.searchParams.get('suid')).toMatch(/^\d+$/);

    // 分享 → 生成海报.
    await page.getByTestId('share-button').click();
    await page.getByRole('button', { name: '生成海报' }).click();
    await page.waitForURL(/#\/activity\/shareCard\?courseId=/);
    const poster = page.getByTestId('share-poster');
    await poster.waitFor({ timeout: 15_000 });
    expect(await poster.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await page.getByText('长按图片，保存到相册或发送给朋友').waitFor();
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    // The 注册成功 toast of the sign-in leaves on its own; the screenshot shows the poster alone.
    await toastGone(page);
    await page.screenshot({ path: artifact('share-card.png') });
    await context.close();
  }, 90_000);
});
