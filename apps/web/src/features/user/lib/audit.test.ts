import { describe, expect, it } from 'vitest';
import { describeAuditResult, describeAuditStatus } from './audit.ts';

describe('describeAuditResult', () => {
  it('maps every spec result code to a banner', () => {
    expect(describeAuditResult(0).label).toBe('已通过');
    expect(describeAuditResult(262144).label).toBe('审核中');
    expect(describeAuditResult(262145).label).toBe('未通过');
    expect(describeAuditResult(262146).label).toBe('未提交');
    expect(describeAuditResult(262147).label).toBe('审核中');
    expect(describeAuditResult(262148).label).toBe('未通过');
  });

  it('names the reviewer remark when the audit failed', () => {
    const view = describeAuditResult(262145, '单位名称与证明不符');
    expect(view.tone).toBe('danger');
    expect(view.text).toContain('原因：单位名称与证明不符');
  });
});

describe('describeAuditStatus', () => {
  it('labels the profile audit status', () => {
    expect(describeAuditStatus(1)).toEqual({ label: '已认证', tone: 'success' });
    expect(describeAuditStatus(2).label).toBe('认证未通过');
    expect(describeAuditStatus(0).label).toBe('未认证');
  });
});
