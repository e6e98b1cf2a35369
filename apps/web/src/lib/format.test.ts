import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, MOBILE_PATTERN, maskMobile } from './format.ts';

describe('maskMobile', () => {
  it('masks the middle four digits of a mainland mobile', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
  });

  it('copes with empty and odd values', () => {
    expect(maskMobile('')).toBe('');
    expect(maskMobile(undefined)).toBe('');
    expect(maskMobile('1234')).toBe('1234');
    expect(maskMobile('85212345678')).toBe('852****5678');
    expect(maskMobile('+8612345')).toBe('+8****45');
    expect(maskMobile('138****0001')).toBe('138****0001');
  });
});

describe('patterns', () => {
  it('accept real mobiles and emails only', () => {
    expect(MOBILE_PATTERN.test('13912345678')).toBe(true);
    expect(MOBILE_PATTERN.test('12912345678')).toBe(false);
    expect(EMAIL_PATTERN.test('a.b@bank.com.cn')).toBe(true);
    expect(EMAIL_PATTERN.test('a@b')).toBe(false);
  });
});
