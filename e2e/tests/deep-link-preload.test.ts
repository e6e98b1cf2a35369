/**
 * A deep link to a course page (what a shared link opens) asks for the course page's own code and
 * CSS next to the boot chunk, from index.html's inline script, instead of after the boot chunk and
 * the page table have run (course page LCP, issue 11 §10, decision 023); each file is fetched once
 * (a preload whose credentials mode differs from Vite's own would download it twice). Home gets
 * none of it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from '../support/journey.ts';

/** Every request the page makes, in order: /assets/ files by file name, others by path. */
function requests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    seen.push(url.pathname.startsWith('/assets/') ? url.pathname.slice('/assets/'.length) : url.pathname);
  });
  return seen;
}

const preloads = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload], link[rel=preload][as=style]'), (l) => l.getAttribute('href') ?? ''));

describe('deep-link preloads', () => {
  const { server, phone, signedIn } = useJourney();

  it('a course page link preloads the page code with the boot chunk, and fetches every file once', async () => {
    const { page } = await signedIn(1);
    const files = requests(page);
    await page.goto(`${server.url}/#/course/detail?courseId=1`);
    await page.getByTestId('course-duration').waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');

    const links = await preloads(page);
    expect(links.some((href) => /\/assets\/course-detail-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(links.some((href) => /\/assets\/course-detail-page-[\w-]+\.css$/.test(href))).toBe(true);
    expect(links.some((href) => /\/assets\/route-pages-[\w-]+\.js$/.test(href))).toBe(true);
    // The course page's chunk is asked for while index.html is parsed: before the boot chunk has
    // run, so before the course itself is asked for (the route prefetch runs from boot).
    const pageChunk = files.findIndex((f) => /^course-detail-page-[\w-]+\.js$/.test(f));
    const course = files.indexOf('/v1/courses/1');
    expect(pageChunk).toBeGreaterThanOrEqual(0);
    expect(course).toBeGreaterThan(pageChunk);
    const assets = files.filter((f) => /\.(js|css)$/.test(f) && !f.startsWith('/'));
    const twice = assets.filter((f, i) => assets.indexOf(f) !== i);
    expect(twice).toEqual([]);
  });

  it('home preloads nothing beyond its boot chunk', async () => {
    const context = await phone();
    const page = await context.newPage();
    const files = requests(page);
    await page.goto(`${server.url}/`);
    await page.getByTestId('course-card').first().waitFor({ timeout: 20_000 });
    // (What loads when idle, the tracker and the share controller, is Vite's own preloading.)
    const deepLinkOnly = /\/assets\/(course-detail-page|route-pages|prefetch|antd-setup)-/;
    expect((await preloads(page)).filter((href) => deepLinkOnly.test(href))).toEqual([]);
    expect(files.filter((f) => /^(course-detail-page|route-pages|prefetch|antd-setup)-/.test(f))).toEqual([]);
    await context.close();
  });
});
