import { describe, expect, it } from 'vitest';
import { diffRows } from '../src/features/audit/components/json-diff';

describe('audit before/after diff', () => {
  it('lists changed fields first, nested fields by path, and handles a create (no before)', () => {
    const rows = diffRows({ title: '旧', price: 100, meta: { level: 1 } }, JSON.stringify({ title: '新', price: 100, meta: { level: 2 } }));
    expect(rows).toEqual([
      { path: 'title', before: '旧', after: '新', changed: true },
      { path: 'meta.level', before: '1', after: '2', changed: true },
      { path: 'price', before: '100', after: '100', changed: false },
    ]);
    expect(diffRows(null, { id: 3 })).toEqual([{ path: 'id', before: undefined, after: '3', changed: true }]);
    expect(diffRows(null, null)).toEqual([]);
  });
});
