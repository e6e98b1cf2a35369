/**
 * The learning-records journey (issue 5 §4): a preset learner's listening is reported the way
 * the player reports it (`listenV3` with the play session of play_auth, decision 016) on top of
 * credited history laid into the database, then the learner opens the
 * study statistics and the yearly report, checks the minutes, opens the printable page and
 * exports the CSV. Phone size, WeChat user agent, real server and seeded database.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from '../support/journey.ts';
import { artifact } from '../support/browser.ts';
import type { CourseRow, Envelope } from '../support/api.ts';

describe('learning records journey', () => {
  const { server, signedIn, api, courses } = useJourney();

  /** Figure shown in a stat tile (its <dd>) by its label. */
  const tile = (page: Page, scope: string, label: string) => page.getByTestId(scope).locator('div', { has: page.locator('dt', { hasText: label }) }).locator('dd');

  it('reports listening, shows it in the study stats and the yearly report, prints and exports it', async () => {
    const { context, page, token } = await signedIn(1);
    const free = (await courses()).filter((c) => c.isFree && c.courseType === 1 && (c.durationSeconds ?? 0) >= 900);
    expect(free.length, 'two free single courses of 15 min or more').toBeGreaterThanOrEqual(2);
    const [a, b] = free as [CourseRow, CourseRow];

    // What a player sends now goes through a play session (decision 016): play_auth opens it and
    // every report carries it; a report without one (an old client) credits nothing.
    const auth = await api<{ playSession: string }>('POST', `/v1/courses/${a.courseId}/play_auth?sourseType=1`, token);
    expect(auth.code).toBe(0);
    const recordId = `e2e-rec-a-${Date.now()}`;
    const started = await api<{ credited: number; sessionState: string }>('POST', `/v1/courses/${a.courseId}/listenV3`, token, { recordId, playSession: auth.data.playSession, event: 'start', position: 0, playedSeconds: 0 });
    expect(started.data).toMatchObject({ credited: 0, sessionState: 'active' });
    const beacon = await fetch(`${server.url}/v1/courses/${a.courseId}/listenV3`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ recordId: `${recordId}-old`, event: 'exit', position: 610, playedSeconds: 600, accessToken: token }),
    });
    expect(((await beacon.json()) as Envelope<{ credited: number; sessionState: string }>).data).toMatchObject({ credited: 0, sessionState: 'missing' });

    // The server credits only time it measured, and a journey cannot wait 15 real minutes: the
    // learner's earlier listening today (10 min of A, then 5 of B) is laid in as credited history.
    const db = new Database(path.join(server.dataDir, 'jinfa.sqlite'), { fileMustExist: true, timeout: 10_000 });
    try {
      const now = Date.now();
      const day = new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
      for (const [course, seconds, position, at] of [[a, 600, 610, now], [b, 300, 300, now + 1]] as const) {
        db.prepare('insert into listen_day (user_id, day, course_id, chapter_key, seconds) values (1, ?, ?, 0, ?) on conflict (user_id, day, course_id, chapter_key) do update set seconds = excluded.seconds').run(day, course.courseId, seconds);
        db.prepare(
          `insert into listen_courses (user_id, course_id, last_chapter_id, position_seconds, duration_seconds, played_seconds, started_at, finished_at, updated_at, hidden)
           values (1, ?, null, ?, ?, ?, ?, null, ?, 0)
           on conflict (user_id, course_id) do update set position_seconds = excluded.position_seconds, played_seconds = excluded.played_seconds, updated_at = excluded.updated_at`,
        ).run(course.courseId, position, course.durationSeconds, seconds, at - 60_000, at);
        db.prepare(
          `insert into listen_progress (user_id, course_id, chapter_key, chapter_id, position_seconds, duration_seconds, played_seconds, finished, updated_at)
           values (1, ?, 0, null, ?, ?, ?, 0, ?)
           on conflict (user_id, course_id, chapter_key) do update set position_seconds = excluded.position_seconds, played_seconds = excluded.played_seconds, updated_at = excluded.updated_at`,
        ).run(course.courseId, position, course.durationSeconds, seconds, at);
      }
    } finally {
      db.close();
    }

    // 学习统计: 15 minutes today, also in the 7-day chart.
    await page.goto(`${server.url}/#/record/studyStats`);
    await expect.poll(() => tile(page, 'study-stats-totals', '今日').innerText(), { timeout: 15_000 }).toBe('15分钟');
    expect(await tile(page, 'study-stats-totals', '本周').innerText()).toBe('15分钟');
    expect(await page.getByTestId('chart-daily').locator('svg').getAttribute('aria-label')).toContain('今天15分钟');
    await page.screenshot({ path: artifact('study-stats.png'), fullPage: true });

    // 学习记录: the last listened course first, with a continue button.
    await page.goto(`${server.url}/#/record/studyRecord`);
    const first = page.getByTestId('listen-record').first();
    await first.waitFor({ timeout: 15_000 });
    expect(await first.innerText()).toContain(b.name);
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    await page.screenshot({ path: artifact('study-record.png'), fullPage: true });

    // 年度学习报告.
    await page.goto(`${server.url}/#/userCenter/listenReport`);
    await expect.poll(() => tile(page, 'report-totals', '学习分钟').innerText(), { timeout: 15_000 }).toBe('15分');
    expect(await tile(page, 'report-totals', '学习天数').innerText()).toBe('1天');
    expect(await tile(page, 'report-totals', '开始学习').innerText()).toBe('2门');
    await page.screenshot({ path: artifact('listen-report.png'), fullPage: true });

    // The printable page.
    await page.getByTestId('print-view').click();
    const sheet = page.getByTestId('print-report');
    await sheet.waitFor({ timeout: 15_000 });
    await expect.poll(() => sheet.innerText(), { timeout: 10_000 }).toContain('张明远');
    expect(await sheet.innerText()).toContain('138****0001');
    await page.screenshot({ path: artifact('listen-report-print.png'), fullPage: true });

    // Export: in WeChat the CSV opens through a single-use ticket link (decision 017), which Chromium downloads.
    await page.goBack();
    await page.getByTestId('export-csv').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), page.getByTestId('export-csv').click()]);
    const file = await download.path();
    const csv = fs.readFileSync(file!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('日期,学员,手机号,课程,讲师,章节,收听分钟,收听秒数');
    expect(lines.some((l) => l.includes(a.name) && l.endsWith(',10,600'))).toBe(true);
    expect(lines.some((l) => l.includes(b.name) && l.endsWith(',5,300'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^\d{4}年合计,张明远,138\*\*\*\*0001,,,,15,900$/);
    fs.copyFileSync(file!, artifact('listen-report.csv'));

    // 继续学习 on /mycourses: the course listened to last.
    await page.goto(`${server.url}/#/mycourses`);
    const strip = page.getByTestId('continue-learning');
    await strip.waitFor({ timeout: 15_000 });
    expect(await strip.innerText()).toContain(b.name);
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    await page.screenshot({ path: artifact('my-courses-continue.png') });

    // 分享统计: a WeChat share and a poster of course A.
    expect((await api<unknown>('POST', `/v1/courses/${a.courseId}/shared`, token, { shareType: 1 })).code).toBe(0);
    expect((await api<unknown>('POST', `/v1/courses/${a.courseId}/shared`, token, { channel: 'poster' })).code).toBe(0);
    await page.goto(`${server.url}/#/record/shareStats`);
    await expect.poll(() => tile(page, 'share-totals', '分享次数').innerText(), { timeout: 15_000 }).toBe('2次');
    await page.screenshot({ path: artifact('share-stats.png'), fullPage: true });
    await context.close();
  }, 120_000);
});
