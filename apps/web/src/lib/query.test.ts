import { describe, expect, it } from 'vitest';
import { cleanQuery, toQueryString, withQuery } from './query.ts';

describe('cleanQuery', () => {
  it('drops empty string, undefined, null and NaN but keeps 0 and false', () => {
    expect(
      cleanQuery({ a: '', b: undefined, c: null, d: Number.NaN, e: 0, f: false, g: 'x', h: ' ' }),
    ).toEqual({ e: 0, f: false, g: 'x', h: ' ' });
  });

  it('returns a new object and leaves the input alone', () => {
    const input = { a: '', b: 1 };
    const out = cleanQuery(input);
    expect(out).toEqual({ b: 1 });
    expect(input).toEqual({ a: '', b: 1 });
  });
});

describe('toQueryString / withQuery', () => {
  it('encodes only the values that survive cleanQuery', () => {
    expect(toQueryString({ courseId: 12, suid: undefined, tid: '', q: '银行 法' })).toBe(
      '?courseId=12&q=%E9%93%B6%E8%A1%8C+%E6%B3%95',
    );
    expect(toQueryString({ a: null })).toBe('');
  });

  it('appends to a path that already has a query', () => {
    expect(withQuery('/a?x=1', { y: 2 })).toBe('/a?x=1&y=2');
    expect(withQuery('/a', {})).toBe('/a');
  });
});
