import { describe, expect, it } from 'vitest';
import { isProfileComplete } from './profile.ts';

const complete = { mobile: '13800138000', name: '张三', email: 'zs@example.com', auditStatus: 1 };

describe('isProfileComplete', () => {
  it('is true when mobile, name and email are filled and the audit has not failed', () => {
    expect(isProfileComplete(complete)).toBe(true);
    expect(isProfileComplete({ ...complete, auditStatus: 0 })).toBe(true);
  });

  it.each(['mobile', 'name', 'email'] as const)('is false when %s is empty or blank', (field) => {
    expect(isProfileComplete({ ...complete, [field]: '' })).toBe(false);
    expect(isProfileComplete({ ...complete, [field]: '   ' })).toBe(false);
  });

  it('is false when the audit failed', () => {
    expect(isProfileComplete({ ...complete, auditStatus: 2 })).toBe(false);
  });

  it('is false without a user', () => {
    expect(isProfileComplete(null)).toBe(false);
    expect(isProfileComplete(undefined)).toBe(false);
  });
});
