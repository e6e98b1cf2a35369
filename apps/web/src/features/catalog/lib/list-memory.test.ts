import { describe, expect, it } from 'vitest';
import { cameBackMemory, clearListMemory, readListMemory, saveListMemory, toMemoryParams } from './list-memory.ts';

const memory = { params: { keyword: '票据' }, scrollY: 820, locationKey: 'k1', toCourse: true };

describe('list memory', () => {
  it('lives in session storage, one record per page', () => {
    saveListMemory('search', memory);
    expect(JSON.parse(window.sessionStorage.getItem('list_memory_search') ?? 'null')).toEqual(memory);
    expect(window.localStorage.length).toBe(0);
    expect(readListMemory('search')).toEqual(memory);
    expect(readListMemory('classification')).toBeNull();
    clearListMemory('search');
    expect(readListMemory('search')).toBeNull();
  });

  it('restores only on a return to the same history entry after leaving for a course', () => {
    saveListMemory('classification', memory);
    expect(cameBackMemory('classification', 'k1')).toEqual(memory);
    // A new visit (another history entry) starts fresh.
    expect(cameBackMemory('classification', 'k2')).toBeNull();
    // Left for somewhere else than a course page: nothing to restore.
    saveListMemory('classification', { ...memory, toCourse: false });
    expect(cameBackMemory('classification', 'k1')).toBeNull();
  });

  it('cleans what it reads back', () => {
    window.sessionStorage.setItem(
      'list_memory_tagResult',
      JSON.stringify({ params: { tagId: '3', bad: 4 }, scrollY: -5, locationKey: 'k', toCourse: 'yes' }),
    );
    expect(readListMemory('tagResult')).toEqual({ params: { tagId: '3' }, scrollY: 0, locationKey: 'k', toCourse: false });
    window.sessionStorage.setItem('list_memory_found', '[');
    expect(readListMemory('found')).toBeNull();
  });

  it('keeps params as strings and drops empty values', () => {
    expect(toMemoryParams({ keyword: '信贷', corporateId: undefined, subjectId: 3, isFree: '', level: Number.NaN, x: null })).toEqual({
      keyword: '信贷',
      subjectId: '3',
    });
  });
});
