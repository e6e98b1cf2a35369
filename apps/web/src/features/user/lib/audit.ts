import { AuditResult, UserAuditStatus } from '@jinfa/shared/enums';

export type Tone = 'success' | 'warning' | 'danger' | 'info';

export interface AuditView {
  label: string;
  tone: Tone;
  text: string;
}

/** The banner on 个人资料 for a `GET /v1/users/me/audit_status` answer (spec §4 result codes). */
export function describeAuditResult(result: number, remark?: string): AuditView {
  const note = remark?.trim().replace(/[。.；;，,\s]+$/, '');
  const reason = note ? `原因：${note}。` : '';
  switch (result) {
    case AuditResult.OK:
      return { label: '已通过', tone: 'success', text: '您的资料已审核通过，可正常报名和学习全部课程。' };
    case AuditResult.FIRST_AUDIT:
      return { label: '审核中', tone: 'warning', text: '资料已提交，正在审核中，通常在 1 个工作日内完成。' };
    case AuditResult.NOT_FIRST_APPLIED:
      return { label: '审核中', tone: 'warning', text: '修改后的资料正在审核中，审核期间仍可使用原资料学习。' };
    case AuditResult.NOT_PASSED:
    case AuditResult.FAILED_NOT_APPLYING:
      return { label: '未通过', tone: 'danger', text: `资料审核未通过。${reason}请修改后重新提交。` };
    case AuditResult.NOT_YET_SUBMITTED:
      return { label: '未提交', tone: 'info', text: '请完善姓名、邮箱等资料并提交审核，审核通过后可报名企业与会员课程。' };
    default:
      return { label: '未知状态', tone: 'info', text: '暂时无法获取审核状态，请稍后刷新。' };
  }
}

/** The pill on the user centre for a profile's `auditStatus` (0 not audited, 1 passed, 2 failed). */
export function describeAuditStatus(auditStatus: number): { label: string; tone: Tone } {
  if (auditStatus === UserAuditStatus.PASSED) return { label: '已认证', tone: 'success' };
  if (auditStatus === UserAuditStatus.FAILED) return { label: '认证未通过', tone: 'danger' };
  return { label: '未认证', tone: 'info' };
}
