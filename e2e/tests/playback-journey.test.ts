/**
 * The playback journey (issue 5 §3, §6): in a phone-sized Chromium with a WeChat user agent,
 * against the real server and its demo media (signed, AES-128 HLS):
 *  (a) a video course bought in the sandbox plays past 1 s, and after a reload resumes where it was;
 *  (b) a free-trial chapter of a series plays without buying;
 *  (c) the hls.js path (forced with ?player=hlsjs; Chromium also plays HLS natively) plays past 1 s;
 *  (d) an audio course keeps playing while the learner moves to another page (the mini bar).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { artifact, launchBrowser, phoneContext } from '../support/browser.ts';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

interface CourseRow {
  courseId: number;
  name: string;
  isFree: boolean;
  memberFree: boolean;
  courseType: number;
  mediaType: number;
}

describe('playback journey', () => {
  let server: RunningServer;
  let browser: Browser;

  const api = async <T>(method: 'GET' | 'POST', url: string, token?: string): Promise<Envelope<T>> => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { ...(token ? { 'access-token': token } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      body: method === 'POST' ? '{}' : undefined,
    });
    return (await res.json()) as Envelope<T>;
  };

  const tokenOf = async (userId: number) => (await api<{ accessToken: string }>('GET', `/v1/wechat/token2?userId=${userId}&productType=0`)).data.accessToken;

  /** A phone context signed in as a preset learner (the token where the app keeps it). */
  async function signedIn(userId: number): Promise<{ context: BrowserContext; page: Page; token: string }> {
    const token = await tokenOf(userId);
    const context = await phoneContext(browser);
    await context.addInitScript(
      ([t, id]) => {
        if (!localStorage.getItem('access_token')) {
          localStorage.setItem('access_token', t);
          localStorage.setItem('user_id', id);
        }
      },
      [token, String(userId)] as const,
    );
    return { context, page: await context.newPage(), token };
  }

  const courses = async (): Promise<CourseRow[]> => (await api<{ rows: CourseRow[] }>('GET', '/v1/courses/list?pageIndex=1&pageSize=50')).data.rows;
  const videoTime = (page: Page) => page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid=video-player] video')?.currentTime ?? 0);
  const playedPast = (page: Page, seconds: number) =>
    page.waitForFunction((s) => (document.querySelector<HTMLVideoElement>('[data-testid=video-player] video')?.currentTime ?? 0) > s, seconds, { timeout: 20_000 });

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('plays a bought video course past 1 s, then resumes at the same place after a reload', async () => {
    const { context, page, token } = await signedIn(1);
    const course = (await courses()).find((c) => !c.isFree && !c.memberFree && c.courseType === 1 && c.mediaType === 1);
    expect(course, 'a paid single video course').toBeTruthy();
    const courseId = course!.courseId;
    // Not owned yet: play_auth refuses with "not enrolled".
    expect((await api('POST', `/v1/courses/${courseId}/play_auth?sourseType=1`, token)).code).toBe(-41230);
    // Bought through the sandbox pay provider (the purchase journey does this in the UI).
    const order = await api<{ order: { orderId: number } }>('POST', `/v1/orders/${courseId}`, token);
    expect(order.code).toBe(0);
    expect((await api<{ status: string }>('POST', `/v1/orders/${order.data.order.orderId}/sandbox_pay`, token)).data.status).toBe('paid');

    await page.goto(`${server.url}/#/course/detail?courseId=${courseId}`);
    await page.getByTestId('video-play').click();
    await playedPast(page, 1);
    const player = page.getByTestId('video-player');
    expect(await player.getAttribute('data-engine')).toBe('native');
    // The running watermark carries the learner's masked phone.
    expect(await page.getByTestId('video-watermark').innerText()).toMatch(/^1\d{2}\*{4}\d{4}$/);
    await page.waitForFunction(() => document.querySelector('[data-testid=video-time]')?.textContent !== '00:00');
    await page.screenshot({ path: artifact('playback-video.png') });

    // Reload mid-play: the exit report goes by beacon on pagehide (and stays queued until a
    // fetch confirms it); the page comes back at the same position.
    await playedPast(page, 4);
    const before = await videoTime(page);
    await page.reload();
    await page.getByTestId('video-play').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=video-player]')?.getAttribute('data-status') === 'playing', null, { timeout: 20_000 });
    const after = await videoTime(page);
    expect(after, `resumed at ${after} s after leaving at ${before} s`).toBeGreaterThan(before - 2);
    // The server has the record: position and seconds actually played.
    const progress = await api<{ position: number }>('GET', `/v1/courses/${courseId}/listen_progress`, token);
    expect(progress.data.position).toBeGreaterThanOrEqual(Math.floor(before) - 1);
    await context.close();
  });

  it('plays a free-trial chapter of a series without buying', async () => {
    const { context, page, token } = await signedIn(1);
    let target: { courseId: number; chapterIndex: number } | null = null;
    for (const c of (await courses()).filter((x) => x.courseType === 2 && !x.isFree && x.mediaType === 1)) {
      const list = await api<Array<{ chapterId: number; isFreeTrial: boolean }>>('GET', `/v1/courses/playlist/${c.courseId}`, token);
      const at = list.data.findIndex((ch) => ch.isFreeTrial);
      if (at >= 0) {
        target = { courseId: c.courseId, chapterIndex: at };
        break;
      }
    }
    expect(target, 'a video series with a free-trial chapter').toBeTruthy();
    await page.goto(`${server.url}/#/course/detail?courseId=${target!.courseId}`);
    // Not bought: the buy button is there.
    await page.getByTestId('buy-button').waitFor();
    await page.getByTestId('chapter').nth(target!.chapterIndex).click();
    await playedPast(page, 1);
    expect(await page.getByTestId('chapter').nth(target!.chapterIndex).getAttribute('aria-current')).toBe('true');
    // A locked chapter leads to the buy flow instead.
    const locked = page.getByTestId('chapter').filter({ has: page.getByLabel('购买后解锁') }).first();
    await locked.click();
    await page.waitForURL(new RegExp(`#/course/signup\\?courseId=${target!.courseId}`));
    await context.close();
  });

  it('plays through hls.js when it is forced (?player=hlsjs)', async () => {
    const { context, page } = await signedIn(1);
    const free = (await courses()).find((c) => c.isFree && c.courseType === 1 && c.mediaType === 1);
    expect(free, 'a free video course').toBeTruthy();
    await page.goto(`${server.url}/#/course/detail?courseId=${free!.courseId}&player=hlsjs`);
    await page.getByTestId('video-play').click();
    await playedPast(page, 1);
    expect(await page.getByTestId('video-player').getAttribute('data-engine')).toBe('hlsjs');
    // hls.js was fetched only now, as a chunk of its own.
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/assets/hls')));
    expect(scripts.length).toBe(1);
    await context.close();
  });

  it('keeps an audio course playing on another page, with the mini bar docked', async () => {
    const { context, page } = await signedIn(2);
    const audio = (await courses()).find((c) => c.isFree && c.mediaType === 2);
    expect(audio, 'a free audio course').toBeTruthy();
    await page.goto(`${server.url}/#/course/detail?courseId=${audio!.courseId}`);
    await page.getByTestId('audio-play').click();
    const audioTime = () => page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-testid=audio-element]')?.currentTime ?? 0);
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('audio[data-testid=audio-element]')?.currentTime ?? 0) > 1, null, { timeout: 20_000 });
    await page.screenshot({ path: artifact('playback-audio-panel.png') });

    // In-app navigation to the home page (a hash change, not a reload).
    await page.evaluate(() => {
      window.location.hash = '#/';
    });
    const bar = page.getByTestId('audio-mini-bar');
    await bar.waitFor();
    const t1 = await audioTime();
    expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-testid=audio-element]')!.paused)).toBe(false);
    await page.waitForFunction((t) => (document.querySelector<HTMLAudioElement>('audio[data-testid=audio-element]')?.currentTime ?? 0) > t + 0.5, t1, { timeout: 10_000 });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
    await page.screenshot({ path: artifact('playback-audio-minibar.png') });

    // A tap on the bar opens the course page again, where the full player takes over.
    await bar.getByRole('button', { name: /打开课程/ }).click();
    await page.waitForURL(new RegExp(`#/course/detail\\?courseId=${audio!.courseId}`));
    await page.getByTestId('audio-panel').waitFor();
    expect(await page.getByTestId('audio-mini-bar').count()).toBe(0);
    expect(await page.getByTestId('audio-panel').getAttribute('data-status')).toMatch(/playing|buffering/);
    await context.close();
  });
});
