/**
 * The membership journey (issue 4 point 3, decision 012): an ordinary learner opens the member
 * centre, buys the monthly basic plan in the sandbox cashier and sees themselves a member at once;
 * the enterprise page explains how to join, and shows a corporate member their corporate and its
 * courses. Phone size, WeChat user agent, real seeded server, Debian Chromium.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from '../support/journey.ts';
import { artifact } from '../support/browser.ts';
import { toastGone } from '../support/page.ts';

describe('membership journey', () => {
  const { server, phone } = useJourney();

  /** Signs in as the preset user with this label (test-login mode) and lands on `to`. */
  async function signIn(page: Page, label: string, to: string) {
    await page.goto(`${server.url}/#/user/login?redirect=${encodeURIComponent(to)}`);
    await page.getByTestId('login-test-user').filter({ hasText: label }).click();
    await page.waitForURL(new RegExp(`#${to.replace(/[?]/g, '\\?')}`));
  }

  const settled = async (page: Page) => {
    await toastGone(page);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  };

  it('buys a monthly plan in the sandbox cashier and is a member at once', async () => {
    const context = await phone();
    const page = await context.newPage();
    await signIn(page, '普通用户', '/userCenter/vip');
    await expect.poll(() => page.getByTestId('vip-status-title').innerText()).toBe('您还不是会员');
    await page.getByTestId('vip-plan').first().waitFor();
    expect(await page.getByTestId('vip-plan').count()).toBeGreaterThan(1);
    expect(await page.getByTestId('vip-total').innerText()).toBe('¥39.00');
    await settled(page);
    await page.screenshot({ path: artifact('membership-vip.png'), fullPage: true });

    await page.getByTestId('vip-buy').click();
    const confirm = page.getByTestId('sandbox-pay-confirm');
    await confirm.waitFor();
    expect(await page.getByTestId('sandbox-pay-amount').innerText()).toBe('¥39.00');
    await settled(page);
    await confirm.click();

    await expect.poll(() => page.getByTestId('vip-status-title').innerText(), { timeout: 15_000 }).toBe('基础会员');
    expect(await page.getByTestId('vip-status-line').innerText()).toMatch(/^有效期至 \d{4}-\d{2}-\d{2} · 剩余 30 天$/);
    expect(await page.getByTestId('vip-buy').innerText()).toBe('立即续费');
    await settled(page);
    await page.screenshot({ path: artifact('membership-vip-member.png') });

    // Not a corporate member: the enterprise page explains how to join.
    await page.goto(`${server.url}/#/userCenter/corVip`);
    await page.getByTestId('corvip-intro').waitFor();
    await settled(page);
    await page.screenshot({ path: artifact('membership-corvip-none.png'), fullPage: true });
    await context.close();
  });

  it('shows a corporate member their corporate and its member courses', async () => {
    const context = await phone();
    const page = await context.newPage();
    await signIn(page, '企业会员', '/userCenter/corVip');
    await page.getByTestId('corvip-status').waitFor();
    await page.getByTestId('corvip-courses').waitFor();
    await settled(page);
    await page.screenshot({ path: artifact('membership-corvip-member.png') });
    await context.close();
  });
});
