/** Waits and steps that several journeys take on a page. */
import type { Page } from 'playwright-core';
import type { JourneyServer } from './journey.ts';

/** A toast (e.g. 注册成功 after a login) would cover the page; it leaves on its own. */
export async function toastGone(page: Page): Promise<void> {
  await page.locator('.jf-toast').waitFor({ state: 'detached', timeout: 10_000 });
}

/**
 * Network quiet and the images on screen loaded (lazy ones below the fold may wait): the page as
 * a learner sees it, for a screenshot or an axe run. `toast` also waits for a toast to leave.
 */
export async function settle(page: Page, { toast = false } = {}): Promise<void> {
  await page.waitForLoadState('networkidle');
  if (toast) await toastGone(page);
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((img) => img.loading !== 'lazy' || img.getBoundingClientRect().top < window.innerHeight)
      .every((img) => img.complete),
  );
}

/** On the login page: asks for an SMS code, types the one the console provider printed, agrees and submits. */
export async function smsLogin(page: Page, server: Pick<JourneyServer, 'waitForSmsCode'>, mobile: string): Promise<void> {
  await page.getByPlaceholder(/手机号/).fill(mobile);
  await page.getByRole('button', { name: /获取验证码/ }).click();
  await page.getByPlaceholder(/验证码/).fill(await server.waitForSmsCode(mobile));
  await page.getByTestId('login-agreement').click();
  await page.getByRole('button', { name: '登录 / 注册' }).click();
}
