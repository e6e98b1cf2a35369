import { readJson, removeItem, StorageKeys, writeJson } from '../../../lib/storage.ts';

/** How many searches we keep, newest first. */
export const SEARCH_HISTORY_LIMIT = 10;
/** The server refuses longer keywords (CourseListQuery.keyword). */
export const KEYWORD_MAX_LENGTH = 50;

/** Trim, collapse inner spaces and cut to the server's limit; '' when nothing is left. */
export function normalizeKeyword(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, KEYWORD_MAX_LENGTH).trim();
}

export function readSearchHistory(): string[] {
  const stored = readJson<unknown>(StorageKeys.SEARCH_HISTORY);
  if (!Array.isArray(stored)) return [];
  // Storage is user-editable: keep only non-empty strings, without repeats.
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of stored) {
    const keyword = typeof value === 'string' ? normalizeKeyword(value) : '';
    if (keyword && !seen.has(keyword)) {
      seen.add(keyword);
      out.push(keyword);
    }
  }
  return out.slice(0, SEARCH_HISTORY_LIMIT);
}

/** Put `keyword` first (moving it up if it was already there); answers the new history. */
export function addSearchHistory(raw: string): string[] {
  const keyword = normalizeKeyword(raw);
  const current = readSearchHistory();
  if (!keyword) return current;
  const next = [keyword, ...current.filter((k) => k !== keyword)].slice(0, SEARCH_HISTORY_LIMIT);
  writeJson(StorageKeys.SEARCH_HISTORY, next);
  return next;
}

export function removeSearchHistory(keyword: string): string[] {
  const next = readSearchHistory().filter((k) => k !== keyword);
  writeJson(StorageKeys.SEARCH_HISTORY, next);
  return next;
}

export function clearSearchHistory(): void {
  removeItem(StorageKeys.SEARCH_HISTORY);
}
