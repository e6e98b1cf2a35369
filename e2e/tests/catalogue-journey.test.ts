/**
 * The catalogue journeys (issue 3 §5): home → classification filter → a series course page →
 * favourite → my collection; and search with history, back to a restored list, clear history.
 * Phone size, WeChat user agent, real server and seeded database, Debian Chromium.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../support/journey.ts';
import { artifact } from '../support/browser.ts';
import { settle as settlePage, smsLogin } from '../support/page.ts';

/** Titles of the course cards on screen, in order. */
async function cardTitles(page: Page): Promise<string[]> {
  return page.getByTestId('course-card').locator('h3').allInnerTexts();
}

/** Settled with no toast left over from the login, so a screenshot shows the page a learner sees. */
const settle = (page: Page) => settlePage(page, { toast: true });

describe('catalogue journey', () => {
  const { server, phone } = useJourney();

  /** A fresh learner (no favourites yet) signed in by SMS, landing on `redirect`. */
  async function signIn(context: BrowserContext, mobile: string, redirect: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${server.url}/#/user/login?redirect=${encodeURIComponent(redirect)}`);
    await smsLogin(page, server, mobile);
    return page;
  }

  it('filters the catalogue, opens a series course, favourites it and finds it in my collection', async () => {
    const context = await phone();
    const page = await signIn(context, '13800001111', '/');

    // Home: course cards, and a course page opens from one.
    await page.waitForURL((url) => url.hash === '#/' || url.hash === '');
    await page.getByTestId('course-card').first().waitFor();
    await settle(page);
    await page.screenshot({ path: artifact('catalogue-home.png') });
    const homeCard = page.getByTestId('course-card').first();
    const homeTitle = (await homeCard.locator('h3').innerText()).trim();
    await homeCard.click();
    await page.waitForURL(/#\/course\/detail\?courseId=/);
    await page.getByRole('heading', { name: homeTitle }).first().waitFor();
    await page.goBack();
    await page.getByTestId('course-card').first().waitFor();

    // Classification through the home entry grid, then the series filter.
    await page.getByRole('link', { name: '学科专题' }).click();
    await page.waitForURL(/#\/classification/);
    await page.getByTestId('course-card').first().waitFor();
    const before = await cardTitles(page);

    await page.locator('button[data-filter="courseType"]').click();
    await page.getByRole('option', { name: '系列课' }).click();
    await page.waitForURL(/courseType=2/);
    await expect.poll(() => cardTitles(page)).not.toEqual(before);
    const cards = page.getByTestId('course-card');
    await cards.first().waitFor();
    // Every remaining card is a series.
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(await cards.filter({ hasText: '系列课' }).count()).toBe(count);

    await page.locator('button[data-filter="courseLevel"]').click();
    await page.getByRole('option', { name: '中高级' }).click();
    await page.waitForURL(/courseLevel=6/);
    await cards.first().waitFor();
    await settle(page);
    await page.screenshot({ path: artifact('catalogue-classification.png') });

    // The course page of a series: chapters, some marked 试听.
    const title = (await cards.first().locator('h3').innerText()).trim();
    await cards.first().click();
    await page.waitForURL(/#\/course\/detail\?courseId=/);
    await page.getByRole('heading', { name: title }).first().waitFor();
    await page.getByTestId('chapter').first().waitFor();
    expect(await page.getByTestId('chapter').count()).toBeGreaterThan(1);
    await expect.poll(() => page.getByTestId('chapter').filter({ hasText: '试听' }).count()).toBeGreaterThan(0);

    // Favourite it.
    const favorite = page.getByTestId('favorite-button');
    await expect.poll(() => favorite.innerText()).toBe('收藏');
    await favorite.click();
    await expect.poll(() => favorite.innerText()).toBe('已收藏');
    await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('true');
    await settle(page);
    await page.screenshot({ path: artifact('catalogue-series-course.png') });
    // The chapters as a learner scrolls to them (a full-page capture would misplace the fixed bar).
    await page.getByTestId('chapter-list').scrollIntoViewIfNeeded();
    await page.getByTestId('chapter-list').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await settle(page);
    await page.screenshot({ path: artifact('catalogue-series-chapters.png') });

    // The favourite survives a reload (it reached the server, not only the optimistic cache).
    await page.reload();
    await expect.poll(() => page.getByTestId('favorite-button').innerText()).toBe('已收藏');

    // My collection lists it.
    await page.goto(`${server.url}/#/userCenter/myCollection`);
    const item = page.getByTestId('favorite-item');
    await item.first().waitFor();
    expect(await item.count()).toBe(1);
    expect(await item.first().locator('h3').innerText()).toBe(title);
    await settle(page);
    await page.screenshot({ path: artifact('catalogue-my-collection.png') });

    // And the collection's card leads back to the course.
    await item.first().getByTestId('course-card').click();
    await page.waitForURL(/#\/course\/detail\?courseId=/);
    await page.getByRole('heading', { name: title }).first().waitFor();
    await context.close();
  });

  it('searches, comes back to the same list and scroll position, and keeps a clearable history', async () => {
    const context = await phone();
    const page = await signIn(context, '13800002222', '/search');
    await page.waitForURL(/#\/search/);

    // 合规 finds about ten courses: more than a phone screen, so the list scrolls.
    const keyword = '合规';
    const box = page.getByRole('searchbox', { name: '搜索关键词' });
    await box.fill(keyword);
    await box.press('Enter');
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes(`keyword=${keyword}`));
    const cards = page.getByTestId('course-card');
    await cards.first().waitFor();
    await page.getByText(`与“${keyword}”相关的课程`).waitFor();
    await settle(page);
    await page.screenshot({ path: artifact('catalogue-search.png') });

    // Scroll to a card further down and open it.
    const results = await cardTitles(page);
    expect(results.length).toBeGreaterThanOrEqual(4);
    const pick = Math.min(results.length - 1, 4);
    await cards.nth(pick).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(150);
    const scrolled = await page.evaluate(() => window.scrollY);
    await cards.nth(pick).click();
    await page.waitForURL(/#\/course\/detail\?courseId=/);
    await page.getByRole('heading', { name: results[pick] }).first().waitFor();

    // Back: the same list, at about the same place.
    await page.goBack();
    await page.waitForURL(/#\/search\?/);
    await cards.first().waitFor();
    await expect.poll(() => cardTitles(page)).toEqual(results);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 80);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 80);
    expect(await box.inputValue()).toBe(keyword);

    // A new visit to search (from the home page's search box) shows the keyword in the history;
    // picking it searches again.
    await page.goto(`${server.url}/#/`);
    await page.getByTestId('home-search').click();
    await page.waitForURL((url) => url.hash === '#/search');
    const history = page.getByTestId('search-history');
    await history.getByRole('button', { name: keyword }).waitFor();
    await page.screenshot({ path: artifact('catalogue-search-history.png') });
    await history.getByRole('button', { name: keyword }).click();
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes(`keyword=${keyword}`));
    await cards.first().waitFor();

    // Clear history (with its confirmation); it stays cleared after a reload. The address changes
    // in place here, so the page stays mounted: it must still show the history, not the old keyword.
    await page.goto(`${server.url}/#/search`);
    await page.waitForURL((url) => url.hash === '#/search');
    await history.waitFor();
    await page.getByRole('button', { name: '清空搜索历史' }).click();
    await page.getByRole('button', { name: '确认清空' }).click();
    await history.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('hot-searches').waitFor();
    expect(await history.count()).toBe(0);
    await context.close();
  });
});
