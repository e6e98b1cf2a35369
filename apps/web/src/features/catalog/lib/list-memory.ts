import { readJson, removeItem, writeJson } from '../../../lib/storage.ts';

/**
 * Session memory of the search, found (discovery), classification and tag-result pages (spec
 * §2.3): their parameters, the scroll position and a came-back flag, so that returning from a
 * course page shows the same list at the same place. The list itself comes back from the
 * TanStack cache; this only remembers where the learner was.
 */

export type MemoryPage = 'search' | 'found' | 'classification' | 'tagResult';

export type MemoryParams = Record<string, string>;

export interface ListMemory {
  params: MemoryParams;
  scrollY: number;
  /** The history entry the list was on: a came-back is a return to that same entry. */
  locationKey: string;
  /** The learner left for a course page. */
  toCourse: boolean;
}

const storageKey = (page: MemoryPage) => `list_memory_${page}`;

export function readListMemory(page: MemoryPage): ListMemory | null {
  const value = readJson<Partial<ListMemory>>(storageKey(page), 'session');
  if (!value || typeof value !== 'object' || typeof value.locationKey !== 'string') return null;
  const params: MemoryParams = {};
  if (value.params && typeof value.params === 'object') {
    for (const [key, v] of Object.entries(value.params)) if (typeof v === 'string') params[key] = v;
  }
  const scrollY = Number(value.scrollY);
  return {
    params,
    scrollY: Number.isFinite(scrollY) && scrollY > 0 ? Math.round(scrollY) : 0,
    locationKey: value.locationKey,
    toCourse: value.toCourse === true,
  };
}

export function saveListMemory(page: MemoryPage, memory: ListMemory): void {
  writeJson(storageKey(page), memory, 'session');
}

export function clearListMemory(page: MemoryPage): void {
  removeItem(storageKey(page), 'session');
}

/**
 * What to restore when the page opens on history entry `locationKey`: the memory when the
 * learner left this very entry for a course page and has now come back; otherwise null
 * (a fresh visit starts at the top, with the parameters of its own address).
 */
export function cameBackMemory(page: MemoryPage, locationKey: string): ListMemory | null {
  const memory = readListMemory(page);
  if (!memory || !memory.toCourse || memory.locationKey !== locationKey) return null;
  return memory;
}

/** Record params as strings, dropping empty values (spec §5). */
export function toMemoryParams(params: Record<string, unknown>): MemoryParams {
  const out: MemoryParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || (typeof value === 'number' && Number.isNaN(value))) continue;
    out[key] = String(value);
  }
  return out;
}
