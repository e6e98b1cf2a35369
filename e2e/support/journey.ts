/**
 * What every journey file starts with: the real server and Debian's Chromium, started before its
 * tests and stopped after them, and the calls the tests make on them. It registers vitest hooks,
 * so call it at the top of a `describe` block; its hooks run after those registered before it,
 * and its stop before theirs (vitest's default "stack" order).
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server.ts';
import { desktopContext, launchBrowser, phoneContext, signedInPhone } from './browser.ts';
import { callApi, listCourses, presetToken, type CourseRow, type Envelope } from './api.ts';

/** The running server, read when a test runs (it starts in `beforeAll`). */
export type JourneyServer = Pick<RunningServer, 'url' | 'dataDir' | 'output' | 'waitForSmsCode'>;

export interface Journey {
  server: JourneyServer;
  /** A fresh phone-sized context with the WeChat user agent, signed in as nobody. */
  phone: () => Promise<BrowserContext>;
  /** A fresh 1440×900 desktop context (the operator console), signed in as nobody. */
  desktop: () => Promise<BrowserContext>;
  /** A fresh phone context and page signed in as preset learner `userId`. */
  signedIn: (userId: number) => Promise<{ context: BrowserContext; page: Page; token: string }>;
  api: <T>(method: 'GET' | 'POST', path: string, token?: string, body?: object) => Promise<Envelope<T>>;
  presetToken: (userId: number) => Promise<string>;
  courses: () => Promise<CourseRow[]>;
}

/** `env` adds to the server's environment; a function is read in `beforeAll` (e.g. a fake's address). */
export function useJourney(env: Record<string, string> | (() => Record<string, string>) = {}): Journey {
  let running: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    running = await startServer(typeof env === 'function' ? env() : env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  const live = (): { server: RunningServer; browser: Browser } => {
    if (!running || !browser) throw new Error('the journey has not started: use it inside a test or hook');
    return { server: running, browser };
  };
  const server: JourneyServer = {
    get url() {
      return live().server.url;
    },
    get dataDir() {
      return live().server.dataDir;
    },
    output: () => live().server.output(),
    waitForSmsCode: (mobile, timeoutMs) => live().server.waitForSmsCode(mobile, timeoutMs),
  };
  return {
    server,
    phone: () => phoneContext(live().browser),
    desktop: () => desktopContext(live().browser),
    signedIn: (userId) => signedInPhone(live().browser, server.url, userId),
    api: (method, path, token, body) => callApi(server.url, method, path, token, body),
    presetToken: (userId) => presetToken(server.url, userId),
    courses: () => listCourses(server.url),
  };
}
