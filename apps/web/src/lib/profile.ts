import { UserAuditStatus } from '@jinfa/shared/enums';
import type { UserProfile } from '@jinfa/shared/schemas';

type ProfileFields = Pick<UserProfile, 'mobile' | 'name' | 'email' | 'auditStatus'>;

function filled(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** Spec §5: complete only when mobile, name and email are all non-empty and the audit has not failed. */
export function isProfileComplete(user: Partial<ProfileFields> | null | undefined): boolean {
  if (!user) return false;
  return (
    filled(user.mobile) &&
    filled(user.name) &&
    filled(user.email) &&
    user.auditStatus !== UserAuditStatus.FAILED
  );
}
