import { describe, expect, it } from 'vitest';
import { COMPOUND_SURNAMES, getSurname } from './name.ts';

describe('getSurname', () => {
  it('returns a compound surname when the name has at least 3 characters', () => {
    expect(getSurname('欧阳修')).toBe('欧阳');
    expect(getSurname('诸葛孔明')).toBe('诸葛');
    expect(getSurname('司马相如')).toBe('司马');
    expect(getSurname('吴铭远')).toBe('吴铭');
  });

  it('returns the first character for two-character names, even compound ones', () => {
    expect(getSurname('欧阳')).toBe('欧');
    expect(getSurname('司马')).toBe('司');
  });

  it('returns the first character for ordinary names', () => {
    expect(getSurname('张三')).toBe('张');
    expect(getSurname('王小明')).toBe('王');
    expect(getSurname('Alice')).toBe('A');
  });

  it('handles empty input and characters outside the BMP', () => {
    expect(getSurname('')).toBe('');
    expect(getSurname(null)).toBe('');
    expect(getSurname('𠀀一二')).toBe('𠀀');
  });

  it('knows every compound surname of the spec list', () => {
    expect(COMPOUND_SURNAMES).toHaveLength(82);
    for (const surname of COMPOUND_SURNAMES) {
      expect(surname).toHaveLength(2);
      expect(getSurname(`${surname}某`)).toBe(surname);
    }
  });
});
