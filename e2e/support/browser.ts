/** Debian's Chromium driven by playwright-core, at phone size with a WeChat user agent. */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from './server.ts';
import { presetToken } from './api.ts';

export const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

export const ARTIFACTS = path.join(ROOT, 'e2e/artifacts');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    headless: true,
  });
}

/** A desktop browser window of 1440×900, the operator console's size, in Beijing time. */
export async function desktopContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
}

export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: WECHAT_UA,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}

/**
 * A phone context signed in as preset learner `userId` (test-login mode): the token is put where
 * the app keeps it before any page script runs, unless a page has since stored another.
 */
export async function signedInPhone(browser: Browser, baseUrl: string, userId: number): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const token = await presetToken(baseUrl, userId);
  const context = await phoneContext(browser);
  // As source text: this file is also compiled by bench/, which has no DOM types.
  await context.addInitScript({
    content: `if (!localStorage.getItem('access_token')) {
      localStorage.setItem('access_token', ${JSON.stringify(token)});
      localStorage.setItem('user_id', ${JSON.stringify(String(userId))});
    }`,
  });
  return { context, page: await context.newPage(), token };
}

export function artifact(name: string): string {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, name);
}
