/**
 * What every demo data file shares: where its images are served from and the clock it is
 * anchored to. Rows refer to each other by `key`; the seeder (seeder.ts) turns keys into
 * generated ids. Times are relative ("days ago") so the seed can be anchored to any `now`;
 * SEED_BASE_TIME keeps it deterministic. All people and institutions in demo/ are fictional.
 */

/** The server maps apps/server/assets/ to this URL prefix. */
export const ASSET_URL_PREFIX = '/assets/static/';

export function assetUrl(file: string): string {
  return `${ASSET_URL_PREFIX}${file}`;
}

/** "Now" for a deterministic seed: 2026-11-01 00:00 Beijing time. */
export const SEED_BASE_TIME = Date.parse('2026-11-01T00:00:00+08:00');
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
