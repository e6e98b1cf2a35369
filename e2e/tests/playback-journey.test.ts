/**
 * The playback journey (issue 5 §3, §6): in a phone-sized Chromium with a WeChat user agent,
 * against the real server and its demo media (signed, AES-128 HLS):
 *  (a) a video course bought in the sandbox plays past 1 s, and after a reload resumes where it was;
 *  (b) a free-trial chapter of a series plays without buying;
 *  (c) the hls.js path (forced with ?player=hlsjs; Chromium also plays HLS natively) plays past 1 s;
 *  (d) an audio course keeps playing while the learner moves to another page (the mini bar);
 *  (e) a video series goes on with the next chapter by itself when one ends (slides beside it);
 *  (f) where the Fullscreen API is missing (Android X5), full screen is the page turned landscape;
 *  (g) going offline while playing loses no listened seconds and counts none twice.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from '../support/journey.ts';
import { artifact } from '../support/browser.ts';

describe('playback journey', () => {
  const { server, signedIn, api, courses } = useJourney();
  const videoTime = (page: Page) => page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid=video-player] video')?.currentTime ?? 0);
  const playedPast = (page: Page, seconds: number) =>
    page.waitForFunction((s) => (document.querySelector<HTMLVideoElement>('[data-testid=video-player] video')?.currentTime ?? 0) > s, seconds, { timeout: 20_000 });

  /** Controls auto-hide 3 s into playback: a tap on the picture brings them back for a screenshot. */
  const showControls = async (page: Page) => {
    const speed = page.getByTestId('video-player').getByRole('button', { name: '倍速' });
    if (!(await speed.isVisible())) await page.getByTestId('video-player').click({ position: { x: 195, y: 110 } });
    await speed.waitFor();
  };

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
    await showControls(page);
    await page.waitForFunction(() => document.querySelector('[data-testid=video-time]')?.textContent !== '00:00');
    await page.screenshot({ path: artifact('playback-video.png') });
    // The speed sheet, with thumb-sized rows, over the right of the picture.
    await page.getByRole('button', { name: '倍速' }).click();
    await page.getByRole('menu', { name: '倍速' }).waitFor();
    await page.screenshot({ path: artifact('playback-video-speed.png'), clip: { x: 0, y: 0, width: 390, height: 300 } });
    await page.getByRole('menuitemradio', { name: '1.0x' }).click();

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
  it('goes on with the next chapter of a video series when one ends, with the slides beside the player', async () => {
    const { context, page, token } = await signedIn(4);
    // A video series, not bought, with two free-trial chapters in a row and slides.
    let target: { courseId: number; at: number; titles: string[] } | null = null;
    for (const c of (await courses()).filter((x) => x.courseType === 2 && !x.isFree && x.mediaType === 1)) {
      const list = await api<Array<{ chapterId: number; title: string; isFreeTrial: boolean }>>('GET', `/v1/courses/playlist/${c.courseId}`, token);
      const at = list.data.findIndex((ch, i) => ch.isFreeTrial && list.data[i + 1]?.isFreeTrial);
      const ppt = await api<{ exist: boolean }>('GET', `/v1/courses/${c.courseId}/exist_ppt`, token);
      if (at >= 0 && ppt.data.exist) {
        target = { courseId: c.courseId, at, titles: list.data.map((ch) => ch.title) };
        break;
      }
    }
    expect(target, 'a video series with two free-trial chapters in a row and slides').toBeTruthy();
    const { courseId, at, titles } = target!;
    await page.goto(`${server.url}/#/course/detail?courseId=${courseId}`);
    const chapter = (i: number) => page.getByTestId('chapter').nth(i);
    await chapter(at).click();
    await playedPast(page, 1);
    await page.getByTestId('slides-panel').waitFor();
    await showControls(page);
    expect(await page.getByTestId('video-title').innerText()).toBe(titles[at]);
    await page.screenshot({ path: artifact('playback-series.png') });

    // Near the end of the chapter: it ends, and the next one starts without a tap.
    const firstSrc = await page.evaluate(() => document.querySelector('video')!.currentSrc);
    await page.evaluate(() => {
      const video = document.querySelector('video')!;
      video.currentTime = video.duration - 1;
    });
    await page.waitForFunction((src) => document.querySelector('video')!.currentSrc !== src && document.querySelector('video')!.currentSrc !== '', firstSrc, { timeout: 20_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid=video-player]')?.getAttribute('data-status') === 'playing', null, { timeout: 20_000 });
    await playedPast(page, 0.5);
    expect(await chapter(at + 1).getAttribute('aria-current')).toBe('true');
    expect(await chapter(at).getAttribute('aria-current')).not.toBe('true');
    // The chapter that ended is finished on the server (its exit report went through).
    await expect
      .poll(async () => (await api<{ chapters: Array<{ chapterId: number; finished: boolean }> }>('GET', `/v1/courses/${courseId}/listen_progress`, token)).data.chapters.filter((c) => c.finished).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);

    await chapter(at + 1).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    await page.screenshot({ path: artifact('playback-series-chapters.png') });
    await context.close();
  });

  it('turns the page into a landscape player where the Fullscreen API is missing (Android X5)', async () => {
    const { context, page } = await signedIn(1);
    // What X5 offers: no usable Fullscreen API on elements.
    await context.addInitScript({
      content:
        "Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: function () { return false; }, configurable: true });" +
        'delete Element.prototype.requestFullscreen; delete Element.prototype.webkitRequestFullscreen;',
    });
    const free = (await courses()).find((c) => c.isFree && c.courseType === 1 && c.mediaType === 1);
    await page.goto(`${server.url}/#/course/detail?courseId=${free!.courseId}`);
    await page.getByTestId('video-play').click();
    await playedPast(page, 1);
    await showControls(page);
    await page.getByRole('button', { name: '全屏' }).click();
    const player = page.getByTestId('video-player');
    const box = () => page.evaluate(() => {
      const el = document.querySelector('[data-testid=video-player]')!;
      const r = el.getBoundingClientRect();
      return { w: Math.round(r.width), h: Math.round(r.height), x: Math.round(r.x), y: Math.round(r.y), transform: getComputedStyle(el).transform, overflow: document.documentElement.style.overflow };
    });
    // Held upright, the player covers the screen turned a quarter clockwise (landscape), and the page under it does not scroll.
    await expect.poll(box, { timeout: 5_000 }).toEqual({ w: 390, h: 844, x: 0, y: 0, transform: 'matrix(0, 1, -1, 0, 0, 0)', overflow: 'hidden' });
    await showControls(page);
    await page.screenshot({ path: artifact('playback-video-page-fullscreen.png') });
    // Turned to landscape for real: no rotation, the whole screen.
    await page.setViewportSize({ width: 844, height: 390 });
    // (--app-height follows the resize a frame later.)
    await expect.poll(box, { timeout: 5_000 }).toMatchObject({ w: 844, h: 390, transform: 'none' });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(box, { timeout: 5_000 }).toMatchObject({ w: 390, h: 844 });
    await showControls(page);
    await player.getByRole('button', { name: '退出全屏' }).click();
    await expect.poll(box, { timeout: 5_000 }).toMatchObject({ w: 390, h: 219, transform: 'none', overflow: '' });
    await context.close();
  });

  it('keeps the seconds played offline and credits them once, after coming back online and reloading', async () => {
    const { context, page, token } = await signedIn(3);
    const free = (await courses()).find((c) => c.isFree && c.courseType === 1 && c.mediaType === 1)!;
    const year = new Date().getFullYear();
    const served = async () => {
      const list = await api<{ rows: Array<{ course: { courseId: number }; playedSeconds: number }> }>('GET', '/v1/courses/listen_record_list?pageIndex=1&pageSize=50', token);
      const report = await api<{ totals: { seconds: number } }>('GET', `/v1/courses/listen_report/by_year?year=${year}&dateType=1`, token);
      return { course: list.data.rows.find((r) => r.course.courseId === free.courseId)?.playedSeconds ?? 0, year: report.data.totals.seconds };
    };
    const outbox = () => page.evaluate(() => JSON.parse(localStorage.getItem('jf_listen_outbox') ?? '[]') as Array<{ body: { event: string; playedSeconds: number } }>);
    const before = await served();

    await page.goto(`${server.url}/#/course/detail?courseId=${free.courseId}`);
    const tapped = Date.now();
    await page.getByTestId('video-play').click();
    await playedPast(page, 0.5);
    // The whole clip is buffered, so the picture goes on offline (as a phone's would in a tunnel).
    await page.waitForFunction(() => {
      const v = document.querySelector('video')!;
      return v.buffered.length > 0 && Number.isFinite(v.duration) && v.buffered.end(v.buffered.length - 1) >= v.duration - 1;
    }, null, { timeout: 20_000 });
    await context.setOffline(true);
    // It plays to the end offline: the heartbeat and the exit cannot be delivered.
    await page.waitForFunction(() => document.querySelector('[data-testid=video-player]')?.getAttribute('data-status') === 'ended', null, { timeout: 40_000 });
    const queued = await outbox();
    const played = Math.max(...queued.map((i) => i.body.playedSeconds));
    expect(played, 'seconds played, kept in the outbox').toBeGreaterThanOrEqual(8);
    const offline = await served();
    expect(offline.course - before.course, 'the server has only what arrived before going offline').toBeLessThan(played);

    // Back online: the queue goes by itself (nothing is playing any more to carry it).
    await context.setOffline(false);
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('jf_listen_outbox') ?? '[]').length === 0, null, { timeout: 20_000 });
    const online = await served();
    expect(online.course - before.course).toBe(played);
    expect(online.year - before.year, 'the yearly report agrees with the record').toBe(played);
    expect(online.course - before.course, 'never more than the wall clock').toBeLessThanOrEqual(Math.ceil((Date.now() - tapped) / 1000));

    // A reload sends the exit again (pagehide beacon, then the outbox): the same seconds, not twice.
    await page.reload();
    await page.getByTestId('video-play').waitFor();
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('jf_listen_outbox') ?? '[]').length === 0, null, { timeout: 20_000 });
    const after = await served();
    expect(after.course - before.course).toBe(played);
    expect(after.year - before.year).toBe(played);
    await context.close();
  });
});
