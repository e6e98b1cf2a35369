/**
 * How other learners appear on a course page. Real names are personal information, so they are
 * never shown whole: 张明远 → 张*远, 赵磊 → 赵*, 欧阳晓峰 → 欧**峰 (lib/mask.ts).
 */
import { maskName } from '../../lib/mask.ts';

const FALLBACK_NAME = '金法学员';

/** The name beside an appraisal or comment: the nickname the learner chose, else the masked real name. */
export function publicName(user: { name: string; nickname: string }): string {
  const nickname = user.nickname.trim();
  if (nickname) return nickname;
  return maskName(user.name) || FALLBACK_NAME;
}

/** The name in the learners list: always masked, from the real name when there is one. */
export function learnerName(user: { name: string; nickname: string }): string {
  return maskName(user.name) || maskName(user.nickname) || FALLBACK_NAME;
}

/**
 * Learner-typed text as stored: trimmed, without control characters other than line breaks and
 * tabs (PostgreSQL refuses NUL in text, and the others only ever garble a page).
 */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').replace(/\r\n?/g, '\n').trim();
}

/** Length as the learner counts it: one per character, not per UTF-16 unit. */
export function textLength(text: string): number {
  return Array.from(text).length;
}
