/**
 * Whether someone is a member right now (decision 012), decided in ONE place: order prices
 * (orders/member-price.ts), member-free courses (access-service.ts), /course_members/* and
 * vip_info all ask `isActiveMember`, so an expired member is ordinary everywhere at the same instant.
 */
import { UserType } from '@jinfa/shared';
import type { UserRow } from '../../db/schema.ts';

/**
 * The member kinds that get member prices and member-free courses while unexpired: 3 basic,
 * 4 special-topic, 5 bundle, 6/7 enterprise, 9 student, 10 traffic-pack. 2 (time-limited trial)
 * and 8 (ordinary early-bird, a price cohort, not a membership) get neither.
 */
export const MEMBER_PRICE_TYPES: ReadonlySet<number> = new Set<number>([
  UserType.BASIC_MEMBER,
  UserType.SPECIAL_TOPIC_MEMBER,
  UserType.BUNDLE_MEMBER,
  UserType.ENTERPRISE_CUSTOM,
  UserType.ENTERPRISE_ANNUAL,
  UserType.STUDENT_DISCOUNT,
  UserType.TRAFFIC_PACK_MEMBER,
]);

/** `member_expire_at` null means no expiry. */
export function isActiveMember(user: Pick<UserRow, 'user_type' | 'member_expire_at'>, now: number): boolean {
  if (!MEMBER_PRICE_TYPES.has(user.user_type)) return false;
  return user.member_expire_at === null || user.member_expire_at > now;
}
