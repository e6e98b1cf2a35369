/**
 * The tracking journey (issue 6): a page visit made while the phone is offline survives a reload
 * while still offline (the tracker's localStorage queue) and, once back online, is stored on the
 * server exactly once — read from the server's own SQLite database.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { until } from '../support/server.ts';
import { useJourney } from '../support/journey.ts';
import { artifact } from '../support/browser.ts';

const KEYWORD = `offline${Date.now().toString(36)}`;
const PAGE_ID = `/search?keyword=${KEYWORD}`;

interface VisitRow {
  client_id: string;
  page_id: string;
  begin_time: number;
  end_time: number;
}

/** The tracker's queue in the page's localStorage, as plain records. */
function queued(page: Page): Promise<{ clientId: string; pageId?: string; beginTime?: number; endTime?: number }[]> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('trk:'))
      .flatMap((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as { clientId: string }[]),
  );
}

describe('tracking journey', () => {
  const { server, phone } = useJourney();
  let db: Database.Database | undefined;

  const visits = (): VisitRow[] => {
    db ??= new Database(path.join(server.dataDir, 'jinfa.sqlite'), { readonly: true, fileMustExist: true });
    return db.prepare('select client_id, page_id, begin_time, end_time from page_visits where page_id = ?').all(PAGE_ID) as VisitRow[];
  };

  // Registered after the journey's hooks, so it runs before they stop the server.
  afterAll(() => {
    db?.close();
  });

  it('stores a visit made offline exactly once, across a reload while offline', async () => {
    const context = await phone();
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByText('金法课堂').first().waitFor();
    // The tracker loads after first paint and saves its queue every second.
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('trk:')));

    await context.setOffline(true);
    await page.evaluate((keyword) => (location.hash = `#/search?keyword=${keyword}`), KEYWORD);
    // Timed while visible: the saved record's endTime moves on with the 1 s save.
    await page.waitForFunction((pageId) => {
      const records = Object.keys(localStorage)
        .filter((k) => k.startsWith('trk:'))
        .flatMap((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as { pageId?: string; beginTime: number; endTime: number }[]);
      return records.some((r) => r.pageId === pageId && r.endTime - r.beginTime >= 1000);
    }, PAGE_ID);
    // Offline, the search page's own code cannot load (its error screen shows): the visit still counts.
    await page.screenshot({ path: artifact('tracking-offline-search.png') });
    await page.evaluate(() => (location.hash = '#/'));

    // Reload while offline: the document cannot load, the queue stays in localStorage.
    await page.reload().catch(() => undefined);
    expect(visits()).toHaveLength(0);

    await context.setOffline(false);
    await page.goto(`${server.url}/`);
    await page.getByText('金法课堂').first().waitFor();
    // Polled: the server commits in batches, the browser uploads when idle.
    const [row] = await until(
      'the offline visit on the server',
      () => {
        const rows = visits();
        return rows.length ? rows : undefined;
      },
      20_000,
    );
    expect(row!.end_time - row!.begin_time).toBeGreaterThanOrEqual(1000);

    // Acknowledged records leave the queue; one more reload (a beacon, a fresh upload) adds no copy.
    await page.waitForFunction((pageId) => !Object.keys(localStorage).some((k) => k.startsWith('trk:') && localStorage.getItem(k)!.includes(pageId)), PAGE_ID);
    const beforeReload = (await queued(page)).map((r) => r.clientId);
    await page.reload();
    await page.getByText('金法课堂').first().waitFor();
    // Settled: the new load adopted the old queue (in idle slices) and sent it; only its own open
    // visit is left. Waiting for "one record" alone could pass before the adoption had begun.
    await page.waitForFunction((old) => {
      const records = Object.keys(localStorage)
        .filter((k) => k.startsWith('trk:'))
        .flatMap((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as { clientId: string }[]);
      return records.length === 1 && !old.includes(records[0]!.clientId);
    }, beforeReload);
    expect((await queued(page)).map((r) => r.pageId)).toEqual(['/']);
    expect(visits()).toHaveLength(1);
    expect(visits()[0]!.client_id).toBe(row!.client_id);
    await context.close();
  });
});
