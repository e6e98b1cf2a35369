/**
 * WeChat login completes only in the browser that started it (issue 11, decision 017). The real
 * server talks to the local WeChat fake; WeChat's authorise page is played by a route that
 * answers like WeChat (a 302 back to our callback with a fresh code and the state). Checks that
 * the binding cookie survives the redirect back (SameSite=Lax), that the page exchanges the
 * one-time code, that no token ever appears in an address, and that a forged or replayed
 * loginComplete link signs nobody in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useJourney } from '../support/journey.ts';
import { artifact } from '../support/browser.ts';
import { startWechatFake, type FakeWechatServer } from '../../apps/server/test/fakes/wechat-fake-server.ts';

const APP_ID = 'wx1111111111e2e001';
const APP_SECRET = 'e2e-wechat-secret-for-the-fake';

describe('WeChat login journey', () => {
  let fake: FakeWechatServer;

  // Registered before the journey's hooks: the fake is up before the server starts, and closes after it stops.
  beforeAll(async () => {
    fake = await startWechatFake({ [APP_ID]: APP_SECRET });
  });
  afterAll(async () => {
    await fake?.close();
  });
  const { server, phone } = useJourney(() => ({ WECHAT_API_BASE: fake.baseUrl, WECHAT_APP_ID: APP_ID, WECHAT_APP_SECRET: APP_SECRET, WECHAT_JSSDK: 'local' }));

  it('signs in with WeChat in the starting browser; no token in any address; the link is worthless elsewhere', async () => {
    const context = await phone();
    const addresses: string[] = [];
    context.on('request', (request) => addresses.push(request.url()));
    await context.route('https://open.weixin.qq.com/**', async (route) => {
      const asked = new URL(route.request().url());
      const back = new URL(asked.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', fake.mintCode(APP_ID, { openid: `oE2E${Date.now()}`, nickname: '微信学员甲' }));
      back.searchParams.set('state', asked.searchParams.get('state')!);
      await route.fulfill({ status: 302, headers: { location: back.toString() } });
    });
    const page = await context.newPage();
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });

    await page.goto(`${server.url}/#/user/login?redirect=${encodeURIComponent('/userCenter/userHome')}`);
    await page.getByTestId('login-agreement').click();
    await page.getByText('微信一键登录').click();
    await page.waitForURL(/#\/userCenter\/userHome/, { timeout: 20_000 });
    await page.getByText('微信学员甲').first().waitFor({ timeout: 15_000 });
    await page.screenshot({ path: artifact('wechat-login-user-home.png') });

    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const refresh = await page.evaluate(() => localStorage.getItem('refresh_token'));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const landed = addresses.find((a) => a.includes('/user/loginComplete'));
    expect(landed).toMatch(/[?&]code=[A-Za-z0-9_-]{43}/);
    for (const address of addresses) {
      expect(address).not.toContain(token!);
      if (refresh) expect(address).not.toContain(refresh);
      expect(address).not.toMatch(/accessToken|refreshToken/);
    }

    // Another browser opening the very same loginComplete link (copied, shared) gets nothing.
    const other = await phone();
    const otherPage = await other.newPage();
    await otherPage.goto(landed!);
    await otherPage.getByText('登录凭证已失效或已使用，请重新登录').waitFor({ timeout: 15_000 });
    expect(await otherPage.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

    // A crafted link carrying someone's tokens signs nobody in (a fresh page: a new document).
    const forged = await other.newPage();
    await forged.goto(`${server.url}/#/user/loginComplete?returnUrl=%2FuserCenter%2FuserHome&accessToken=${token}&refreshToken=${refresh}&expiresIn=7200`);
    await forged.getByText('授权信息缺失或已失效，请重新登录。').waitFor({ timeout: 15_000 });
    expect(await forged.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await forged.screenshot({ path: artifact('wechat-login-forged-link.png') });

    // The server's log never held the token, the codes or the state.
    const log = server.output();
    expect(log).not.toContain(token!);
    expect(log).not.toContain(new URL(landed!.replace('/#/', '/')).searchParams.get('code')!);
    await other.close();
    await context.close();
  });
});
