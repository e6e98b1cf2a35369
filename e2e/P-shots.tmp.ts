// Throwaway screenshot script for engineer P (deleted afterwards).
import { startServer } from './support/server.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';

const tag = process.argv[2] ?? 'before';
const server = await startServer({ WEB_DIST: process.env.WEB_DIST! });
const browser = await launchBrowser();
try {
  const api = async <T>(method: string, url: string, token?: string) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: token ? { 'access-token': token, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) } : {},
      body: method === 'POST' ? '{}' : undefined,
    });
    return (await res.json()) as { code: number; data: T };
  };
  const preset = await api<Array<{ userId: number }>>('GET', '/v1/users/preset');
  const uid = preset.data[0]!.userId;
  const token = (await api<{ accessToken: string }>('GET', `/v1/wechat/token2?userId=${uid}&productType=0`)).data.accessToken;
  const courses = await api<{ rows: Array<{ courseId: number; isFree: boolean; courseType: number }> }>('GET', '/v1/courses/list?pageIndex=1&pageSize=50');
  const paid = courses.data.rows.filter((c) => !c.isFree && c.courseType === 1);
  for (const c of paid.slice(0, 2)) console.log('order', (await api('POST', `/v1/orders/${c.courseId}`, token)).code);

  const ctx = await phoneContext(browser);
  const page = await ctx.newPage();
  await page.goto(`${server.url}/#/user/login?redirect=${encodeURIComponent('/userCenter/myOrder')}`);
  await page.getByTestId('login-test-user').first().click();
  await page.waitForURL(/#\/userCenter\/myOrder/);
  await page.getByTestId('order-card').first().waitFor();
  await page.screenshot({ path: `/tmp/P/${tag}-my-order.png` });

  for (const code of [262147, 262148, 262149, 262145]) {
    await page.route('**/v1/courses/*/check_user_audit_status', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 0, message: 'ok', data: { code, canBuy: false, needsVerifiedProfile: true } }) }),
    );
    await page.goto(`${server.url}/#/course/signup?courseId=${paid[0]!.courseId}`);
    await page.getByTestId('signup-pay').click();
    await page.getByTestId('error-popup').waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: `/tmp/P/${tag}-popup-${code}.png` });
    await page.unroute('**/v1/courses/*/check_user_audit_status');
    await page.reload();
  }
  await ctx.close();
} finally {
  await browser.close();
  await server.stop();
}
