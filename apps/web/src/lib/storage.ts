/**
 * Browser storage with the spec's keys (§9). Old in-app browsers throw on storage access in
 * private mode, so every access is wrapped; a failed write simply means "not remembered".
 */

export const StorageKeys = {
  ACCESS_TOKEN: 'access_token',
  REFRESH_TOKEN: 'refresh_token',
  USER_ID: 'user_id',
  SEARCH_HISTORY: 'search_history',
  SOURCE_ID: 'source_id',
  TRACK_DETAIL: 'track_detail',
} as const;

type Area = 'local' | 'session';

function area(kind: Area): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string, kind: Area = 'local'): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, kind: Area = 'local'): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // quota exceeded or storage disabled: nothing sensible to do
  }
}

export function removeItem(key: string, kind: Area = 'local'): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // storage disabled
  }
}

export function readJson<T>(key: string, kind: Area = 'local'): T | null {
  const raw = readItem(key, kind);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, kind: Area = 'local'): void {
  writeItem(key, JSON.stringify(value), kind);
}

export function clearAllStorage(): void {
  try {
    area('local')?.clear();
  } catch {
    // ignore
  }
  try {
    area('session')?.clear();
  } catch {
    // ignore
  }
}
