/**
 * WCAG 2.2 AA on the pages a new learner met first (issue 11 §10): axe-core finds no serious or
 * critical violation, pinch-zoom stays on, and each page is screenshot at phone size.
 * Phone size, WeChat user agent, real server and seeded database, Debian Chromium.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from '../support/journey.ts';
import { artifact } from '../support/browser.ts';
import { settle } from '../support/page.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';

async function expectAccessible(page: Page, name: string): Promise<void> {
  await settle(page);
  await page.screenshot({ path: artifact(`a11y-${name}.png`) });
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe('accessibility', () => {
  const { server, phone, signedIn } = useJourney();

  it('lets a visitor zoom, and the open pages pass axe: home, search, corporate search, package orders', async () => {
    const page = await (await phone()).newPage();
    await page.goto(`${server.url}/`);
    await page.getByTestId('course-card').first().waitFor();
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewport).not.toMatch(/user-scalable\s*=\s*no|maximum-scale\s*=\s*1(?:\.0)?(?!\d)/);
    await expectAccessible(page, 'home');

    await page.goto(`${server.url}/#/search`);
    await page.getByLabel('搜索关键词').waitFor();
    await expectAccessible(page, 'search');

    // Not in a corporate: a page that says so and leads to the whole catalogue, never a blank.
    await page.goto(`${server.url}/#/corSearch`);
    await page.getByText('您还没有加入企业').waitFor();
    await expectAccessible(page, 'cor-search');

    // Logged out: a login prompt, not an endless spinner.
    await page.goto(`${server.url}/#/userCenter/packageOrders`);
    await page.getByText('您还没有登录').waitFor();
    await expectAccessible(page, 'package-orders');
  });

  it('the signed-in user home shows the name in white on navy and passes axe', async () => {
    const { page } = await signedIn(1);
    await page.goto(`${server.url}/#/userCenter/userHome`);
    const name = page.getByRole('heading', { level: 1 });
    await name.waitFor();
    expect(await name.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
    await expectAccessible(page, 'user-home');

    // The tab of the page shown is the one lit.
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的课程' }).click();
    await page.waitForURL((url) => url.hash.startsWith('#/mycourses'));
    await expect.poll(() => page.locator('nav[aria-label="主导航"] a[aria-current="page"]').allInnerTexts()).toEqual(['我的课程']);
    await expectAccessible(page, 'my-courses');
  });
});
