/**
 * Rules for what a learner types into the profile: real names (Chinese or Latin letters, with a
 * space or middle dot between parts; no digits, no markup), a plausible email, and free text
 * with markup and control characters removed.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;
const NAME = /^[\p{Script=Han}A-Za-z]+(?:[ ·•][\p{Script=Han}A-Za-z]+)*$/u;
const EMAIL = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,24}$/;

export const NAME_MIN = 2;
export const NAME_MAX = 20;
export const EMAIL_MAX = 100;

/** Collapses runs of whitespace and trims. */
export function squeeze(value: string): string {
  return value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

/** Text fields (company, department, position, nickname): no tags, no angle brackets, no control characters. */
export function cleanText(value: string, max: number): string {
  return squeeze(value.replace(/<[^>]*>/g, ' ').replace(/[<>]/g, '')).slice(0, max);
}

export function isValidName(name: string): boolean {
  const length = [...name].length;
  return length >= NAME_MIN && length <= NAME_MAX && NAME.test(name);
}

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX && EMAIL.test(email);
}
