/**
 * How a learner's personal data appears to others (course pages, watermarks, reports, login
 * answers): never whole. Below every module, so playback, reviews, listening and users mask the
 * same way without importing each other.
 */

/** Masks all but the first and last character (by code point, so CJK and emoji count as one): 张明远 → 张*远, 赵磊 → 赵*. */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length === 0) return '';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** 13800000001 → 138****0001 (test-login list, default nicknames, watermarks). */
export function maskMobile(mobile: string | null): string {
  if (!mobile) return '';
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}
