/**
 * The operator console's journey (issue 13, "Done when"): on a fresh server with the demo data,
 * `npm run admin:create` makes the owner; in a 1440×900 Chromium the owner signs in at /admin,
 * creates a free course, adds a chapter, uploads a short video through the chapter dialog (tus),
 * waits until it is 可播放 and puts the course on the shelf; then a learner on a phone (WeChat user
 * agent) signs in by SMS, finds the course by search and plays it — all in under five minutes of
 * wall time. The audit log lists the writes, and the console's sign-in page and every section
 * pass axe (WCAG 2.2 AA, nothing serious or critical).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../support/journey.ts';
import { artifact } from '../support/browser.ts';
import { ROOT } from '../support/server.ts';
import { settle, smsLogin, toastGone } from '../support/page.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';

const OWNER_PHONE = '13900001313';
const OWNER_PASSWORD = 'Console-e2e-2024';
const FIVE_MINUTES = 5 * 60_000;

/** Runs a command to its end; rejects with its output when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${out}`))));
  });
}

/** The console page as the operator sees it: no request in flight, no toast or spinner left. */
async function settleConsole(page: Page): Promise<void> {
  await settle(page);
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.locator('.ant-spin-spinning, .ant-skeleton-active').first().waitFor({ state: 'detached', timeout: 15_000 });
  // antd fades and slides things in: colours mid-transition are not the ones the operator reads.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
}

async function shot(page: Page, name: string): Promise<void> {
  await settleConsole(page);
  await page.screenshot({ path: artifact(`console-${name}.png`) });
}

async function expectAccessible(page: Page, name: string): Promise<void> {
  await shot(page, /^\d/.test(name) ? name : `a11y-${name}`);
  const violations = await seriousViolations(page);
  expect(violations, `${name}:\n${describeViolations(violations)}`).toEqual([]);
}

async function signInToConsole(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/`);
  await page.waitForURL(/\/admin\/login/);
  await page.getByTestId('admin-login-phone').fill(OWNER_PHONE);
  await page.getByTestId('admin-login-password').fill(OWNER_PASSWORD);
  await page.getByTestId('admin-login-submit').click();
  // The sign-in gate lands on the dashboard.
  await page.waitForURL((url) => url.pathname === '/admin/' || url.pathname === '/admin');
  await page.getByTestId('admin-operator-name').waitFor();
}

/** Opens an antd Select by its label and picks the option `text` (else the first); answers the option's text. */
async function pick(page: Page, label: string, text?: string): Promise<string> {
  await page.getByLabel(label, { exact: true }).click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  const option = text === undefined ? options.first() : options.filter({ hasText: text });
  await option.waitFor();
  const picked = (await option.innerText()).trim();
  await option.click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
  return picked;
}

describe('console journey', () => {
  const { server, phone, desktop } = useJourney();
  let tmp = '';
  let video = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jinfa-console-e2e-'));
    video = path.join(tmp, '第一讲-合规概述.mp4');
    // Three seconds of test picture and tone: what an operator's camera file looks like, only small.
    await run(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', video],
      process.env,
      tmp,
    );
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('admin:create, sign in, create a course with an uploaded video, shelve it, and a learner plays it — in under five minutes', { timeout: FIVE_MINUTES + 60_000 }, async () => {
    const started = Date.now();
    const title = `控制台验收课程 ${started.toString(36)}`;

    // The owner, made with the real command on the server's own data directory.
    const created = await run('npm', ['run', 'admin:create', '--', '--phone', OWNER_PHONE, '--password', OWNER_PASSWORD, '--role', 'owner', '--name', '验收店长'], {
      ...process.env,
      DATA_DIR: server.dataDir,
    });
    expect(created).toMatch(/created operator \d+ \(owner\)/);

    const context = await desktop();
    contexts.push(context);
    const page = await context.newPage();

    // Sign in.
    await page.goto(`${server.url}/admin/`);
    await page.waitForURL(/\/admin\/login/);
    await page.getByTestId('admin-login-phone').waitFor();
    await shot(page, '01-login');
    await page.getByTestId('admin-login-phone').fill(OWNER_PHONE);
    await page.getByTestId('admin-login-password').fill(OWNER_PASSWORD);
    await page.getByTestId('admin-login-submit').click();
    await page.waitForURL((url) => url.pathname === '/admin/' || url.pathname === '/admin');
    await page.getByTestId('admin-operator-name').waitFor();
    // The trend chart (ECharts, loaded after the page) has drawn.
    await page.locator('canvas').first().waitFor({ timeout: 30_000 });
    await shot(page, '02-dashboard');

    // 课程 → 新建课程.
    await page.getByRole('menu', { name: '主菜单' }).getByRole('link', { name: '课程' }).click();
    await page.waitForURL(/\/admin\/courses$/);
    await page.getByTestId('course-table').locator('.ant-table-row').first().waitFor();
    await shot(page, '03-course-list');
    await page.getByTestId('course-create').click();
    await page.waitForURL(/\/admin\/courses\/new$/);
    await page.getByLabel('课程标题').fill(title);
    const lecturer = await pick(page, '讲师');
    await pick(page, '学科 / 分类');
    // The form's default type, 单课程: its one chapter's upload is what the learner plays (media-service readyAssetFor).
    await page.getByLabel('售价（元）').fill('0');
    await shot(page, '04-course-new');
    await page.getByTestId('course-save').click();
    await page.waitForURL(/\/admin\/courses\/\d+$/);
    const courseId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: title }).waitFor();

    // A chapter, and its video through the dialog's resumable upload.
    await page.getByTestId('chapter-add').click();
    const dialog = page.getByRole('dialog', { name: '添加章节' });
    await dialog.getByLabel('章节标题').fill('第一讲 合规概述');
    await dialog.getByRole('button', { name: '保存并上传媒体' }).click();
    const editing = page.getByRole('dialog', { name: /编辑章节/ });
    // The drop zone's file input (hidden, as file inputs are): what "点击选择文件" opens.
    await editing.getByLabel('选择或拖入要上传的媒体文件').setInputFiles(video);
    await editing.getByText(/上传完成/).waitFor({ timeout: 60_000 });
    // Transcoding runs in the background (one at a time); the dialog follows it to 可播放.
    await editing.getByText('可播放', { exact: true }).waitFor({ timeout: 120_000 });
    // The editor's chapter dialog, upload done, passes axe too.
    await expectAccessible(page, '05-chapter-uploaded');
    // The console turns off antd's space in two-character labels; the pattern takes either.
    await editing.getByRole('button', { name: /^完\s*成$/ }).click();
    await editing.waitFor({ state: 'detached' });
    const row = page.getByTestId('chapter-table').locator('.ant-table-row', { hasText: '第一讲 合规概述' });
    await row.getByText('可播放', { exact: true }).waitFor({ timeout: 30_000 });

    // On the shelf.
    const shelf = page.getByRole('switch', { name: '上架状态' });
    await shelf.click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /^上\s*架$/ }).click();
    await expect.poll(() => shelf.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('true');
    await shot(page, '06-course-shelved');

    // The learner, on a phone: signs in by SMS, searches, opens the course and plays it.
    const phoneContext = await phone();
    contexts.push(phoneContext);
    const learner = await phoneContext.newPage();
    await learner.goto(`${server.url}/#/user/login?redirect=${encodeURIComponent('/search')}`);
    await smsLogin(learner, server, '13800001313');
    await learner.waitForURL(/#\/search/);
    const box = learner.getByRole('searchbox', { name: '搜索关键词' });
    await box.fill('控制台验收');
    await box.press('Enter');
    const card = learner.getByTestId('course-card').filter({ hasText: title });
    await card.waitFor();
    await card.click();
    await learner.waitForURL(new RegExp(`#/course/detail\\?courseId=${courseId}(&|$)`));
    await learner.getByRole('heading', { name: title }).first().waitFor();
    // The lecturer the operator picked is the one the learner reads about.
    await learner.getByText(lecturer).first().waitFor();
    await learner.getByTestId('video-play').click();
    try {
      await learner.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid=video-player] video')?.currentTime ?? 0) > 1, null, {
        timeout: 30_000,
      });
    } catch (e) {
      await learner.screenshot({ path: artifact('console-07-learner-failed.png') });
      throw e;
    }
    // For the picture: the sign-up toast gone and the clock moving.
    await toastGone(learner);
    await learner.waitForFunction(() => document.querySelector('[data-testid=video-time]')?.textContent !== '00:00');
    await learner.screenshot({ path: artifact('console-07-learner-plays.png') });

    const elapsed = Date.now() - started;
    expect(elapsed, `the journey took ${Math.round(elapsed / 1000)} s`).toBeLessThan(FIVE_MINUTES);

    // The audit log holds each write, by this owner.
    await page.getByRole('menu', { name: '主菜单' }).getByRole('link', { name: '审计日志' }).click();
    await page.waitForURL(/\/admin\/audit/);
    const audit = page.locator('.audit-page .ant-table-tbody');
    for (const action of ['course.create', 'chapter.create', 'media.upload', 'course.shelf']) {
      await audit.locator('.ant-table-row', { hasText: action }).first().waitFor();
    }
    expect(await audit.locator('.ant-table-row', { hasText: 'course.create' }).innerText()).toContain('验收店长');
    await shot(page, '08-audit');
  });

  it('the sign-in page and every console section pass axe', async () => {
    const context = await desktop();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/login`);
    await page.getByTestId('admin-login-phone').waitFor();
    await expectAccessible(page, 'login');

    await signInToConsole(page, server.url);
    await page.locator('canvas').first().waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'dashboard');

    await page.getByRole('menu', { name: '主菜单' }).getByRole('link', { name: '课程' }).click();
    await page.getByTestId('course-table').locator('.ant-table-row').first().waitFor();
    await expectAccessible(page, 'course-list');

    await page.getByTestId('course-table').locator('.ant-table-row').first().locator('a.course-title-link').click();
    await page.waitForURL(/\/admin\/courses\/\d+$/);
    await page.getByTestId('chapter-table').waitFor();
    await expectAccessible(page, 'course-editor');

    await page.getByRole('menu', { name: '主菜单' }).getByRole('link', { name: '审计日志' }).click();
    await page.locator('.audit-page .ant-table-row').first().waitFor();
    await expectAccessible(page, 'audit');

    // Every other section, each with the demo's rows on screen.
    for (const [name, address] of [
      ['discovery-banners', '/admin/discovery'],
      ['discovery-tags', '/admin/discovery?tab=tags'],
      ['discovery-home', '/admin/discovery?tab=home'],
      ['learners', '/admin/learners'],
      ['orders', '/admin/orders'],
      ['refunds', '/admin/refunds'],
      ['anomalies', '/admin/anomalies'],
      ['reviews', '/admin/reviews'],
      ['operators', '/admin/operators'],
    ] as const) {
      await page.goto(`${server.url}${address}`);
      await page.locator('.ant-table-row').first().waitFor();
      await expectAccessible(page, name);
    }
    await page.goto(`${server.url}/admin/learners`);
    await page.locator('.ant-table-row a').first().click();
    await page.waitForURL(/\/admin\/learners\/\d+$/);
    await page.getByText('资料审核').waitFor();
    await expectAccessible(page, 'learner');
    await page.goto(`${server.url}/admin/account`);
    await page.getByText('两步验证').first().waitFor();
    await expectAccessible(page, 'account');
  });
});
