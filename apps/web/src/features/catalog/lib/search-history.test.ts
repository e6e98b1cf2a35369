import { describe, expect, it } from 'vitest';
import { StorageKeys } from '../../../lib/storage.ts';
import {
  addSearchHistory,
  clearSearchHistory,
  normalizeKeyword,
  readSearchHistory,
  removeSearchHistory,
  SEARCH_HISTORY_LIMIT,
} from './search-history.ts';

describe('search history', () => {
  it('keeps the newest first, without repeats, at most ten', () => {
    for (let i = 1; i <= 12; i += 1) addSearchHistory(`关键词${i}`);
    addSearchHistory('关键词5');
    const history = readSearchHistory();
    expect(history).toHaveLength(SEARCH_HISTORY_LIMIT);
    expect(history.slice(0, 3)).toEqual(['关键词5', '关键词12', '关键词11']);
    expect(history.filter((k) => k === '关键词5')).toHaveLength(1);
    expect(history).not.toContain('关键词1');
  });

  it('ignores blank keywords and trims the rest to the server limit', () => {
    addSearchHistory('   ');
    expect(readSearchHistory()).toEqual([]);
    expect(normalizeKeyword('  票据   贴现 ')).toBe('票据 贴现');
    expect(normalizeKeyword('法'.repeat(80))).toHaveLength(50);
  });

  it('survives a tampered or broken store', () => {
    window.localStorage.setItem(StorageKeys.SEARCH_HISTORY, '{not json');
    expect(readSearchHistory()).toEqual([]);
    window.localStorage.setItem(StorageKeys.SEARCH_HISTORY, JSON.stringify(['信贷', 42, '', '信贷', null, '担保']));
    expect(readSearchHistory()).toEqual(['信贷', '担保']);
  });

  it('removes one keyword or clears them all', () => {
    addSearchHistory('信贷');
    addSearchHistory('担保');
    expect(removeSearchHistory('信贷')).toEqual(['担保']);
    clearSearchHistory();
    expect(readSearchHistory()).toEqual([]);
    expect(window.localStorage.getItem(StorageKeys.SEARCH_HISTORY)).toBeNull();
  });
});
