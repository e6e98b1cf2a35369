/**
 * The foundation journey (issue 2): open the home page, open a protected page, get sent to
 * login, log in with the SMS code the console provider printed, land back where we were.
 * Phone size, WeChat user agent, real server and database, Debian Chromium.
 */
import { describe, expect, it } from 'vitest';
import { useJourney } from '../support/journey.ts';
import { artifact } from '../support/browser.ts';

describe('login journey', () => {
  const { server, phone } = useJourney();

  it('sends an anonymous learner to login and back after an SMS login', async () => {
    const context = await phone();
    const page = await context.newPage();
    const mobile = '13912345678';

    await page.goto(`${server.url}/`);
    await page.getByText('金法课堂').first().waitFor();
    await page.screenshot({ path: artifact('home.png') });

    await page.goto(`${server.url}/#/userCenter/settings`);
    await page.waitForURL(/#\/user\/login\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain('/userCenter/settings');

    await page.getByPlaceholder(/手机号/).fill(mobile);
    await page.getByRole('button', { name: /获取验证码/ }).click();
    const code = await server.waitForSmsCode(mobile);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByPlaceholder(/验证码/).fill(code);
    await page.getByTestId('login-agreement').click();
    await page.screenshot({ path: artifact('login.png') });
    await page.getByRole('button', { name: '登录 / 注册' }).click();

    await page.waitForURL(/#\/userCenter\/settings/);
    await page.getByText('退出登录').waitFor();
    await page.screenshot({ path: artifact('settings.png') });

    await page.goto(`${server.url}/#/userCenter/userHome`);
    await page.getByText('139****5678').first().waitFor();
    await page.screenshot({ path: artifact('user-home.png') });
    await context.close();
  });

  it('lists the preset users in test-login mode and signs in as one', async () => {
    const context = await phone();
    const page = await context.newPage();
    await page.goto(`${server.url}/#/user/login?redirect=${encodeURIComponent('/userCenter/userHome')}`);
    const users = page.getByTestId('login-test-user');
    await users.first().waitFor();
    expect(await users.count()).toBeGreaterThanOrEqual(5);
    await page.screenshot({ path: artifact('login-test-users.png'), fullPage: true });
    await users.first().click();
    await page.waitForURL(/#\/userCenter\/userHome/);
    await page.getByText('我的订单').waitFor();
    await context.close();
  });
});
