/**
 * The H5 app under its Content-Security-Policy (issue 11 §4, decision 021): in a phone-sized
 * Chromium with a WeChat user agent, home → a course page playing through hls.js (blob: media
 * and worker) → the personal centre, with no CSP violation reported and the inline boot script run.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from '../support/journey.ts';
import { artifact } from '../support/browser.ts';

describe('CSP journey', () => {
  const { server, signedIn, courses } = useJourney();

  it('loads and plays with no Content-Security-Policy violation', async () => {
    const { context, page } = await signedIn(1);
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to (load|execute|apply|connect|create)/i.test(msg.text())) violations.push(msg.text());
    });
    await context.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (e) => {
        (window.__csp = window.__csp || []).push(e.violatedDirective + ' ' + e.blockedURI);
      });`,
    });
    const reported = async (p: Page) => (await p.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])) as string[];

    const home = await page.goto(`${server.url}/`);
    const csp = home?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('https://res.wx.qq.com');
    expect(csp).not.toContain('unsafe-inline');
    await page.getByTestId('course-card').first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expect(await reported(page)).toEqual([]);

    const free = (await courses()).find((c) => c.isFree && c.courseType === 1 && c.mediaType === 1);
    expect(free, 'a free video course').toBeTruthy();
    await page.goto(`${server.url}/#/course/detail?courseId=${free!.courseId}&player=hlsjs`);
    await page.getByTestId('video-play').click();
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid=video-player] video')?.currentTime ?? 0) > 1, undefined, { timeout: 20_000 });
    expect(await page.getByTestId('video-player').getAttribute('data-engine')).toBe('hlsjs');
    await page.screenshot({ path: artifact('csp-course-playing.png') });
    expect(await reported(page)).toEqual([]);

    await page.goto(`${server.url}/#/userCenter/userHome`);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: artifact('csp-user-home.png') });
    expect(await reported(page)).toEqual([]);
    expect(violations).toEqual([]);

    // The detector works, and the policy holds: an injected inline script without a hash is refused.
    const injected = await page.evaluate(async () => {
      const refused = new Promise<string>((resolve) =>
        document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true }),
      );
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.head.appendChild(s);
      return { directive: await refused, ran: (window as unknown as { __injected?: boolean }).__injected === true };
    });
    expect(injected).toEqual({ directive: expect.stringMatching(/^script-src/), ran: false });
    await context.close();
  });
});
