/**
 * How the learners section names states. Audit states are spec §4 (users.audit_status: 0 not
 * audited, 1 passed, 2 failed); a 0 profile the learner has submitted is waiting for review.
 * Tag colours are solid with white text (antd's light presets fall below 4.5:1).
 */
import { USER_TYPE_LABELS as SHARED_USER_TYPE_LABELS } from '@jinfa/shared/enums';

export type AuditFilter = 'unsubmitted' | 'pending' | 'passed' | 'failed';

export const AUDIT_FILTER_OPTIONS: { value: AuditFilter; label: string }[] = [
  { value: 'unsubmitted', label: '未审核' },
  { value: 'pending', label: '待审核' },
  { value: 'passed', label: '已通过' },
  { value: 'failed', label: '未通过' },
];

export interface AuditLabel {
  text: string;
  color: string;
}

export function auditLabel(auditStatus: number, submittedAt: number | null): AuditLabel {
  if (auditStatus === 1) return { text: '已通过', color: '#237804' };
  if (auditStatus === 2) return { text: '未通过', color: '#cf1322' };
  if (submittedAt !== null) return { text: '待审核', color: '#ad4e00' };
  return { text: '未审核', color: '#595959' };
}

/** spec §4 user audit result codes, as the learner's app reports them. */
export const AUDIT_RESULT_LABELS: Readonly<Record<number, string>> = {
  0: '审核通过',
  262144: '首次提交，审核中',
  262145: '审核未通过',
  262146: '尚未提交资料',
  262147: '再次提交，审核中',
  262148: '审核未通过，未重新提交',
};

/** spec §3 user types: the shared names, looked up by any number. */
export const USER_TYPE_LABELS: Readonly<Record<number, string>> = SHARED_USER_TYPE_LABELS;


