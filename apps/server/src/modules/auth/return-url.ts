/**
 * Where to send the learner after login: only a path on our own origin. `//evil.com`,
 * `/\evil.com`, `http://…`, `javascript:` and anything with control characters are refused,
 * so a login link can never become an open redirect.
 */
const BASE = 'http://return-url.invalid';

export function isSafeReturnUrl(value: string): boolean {
  if (value.length === 0 || value.length > 2048) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // Browsers treat "\" like "/" in URLs, and control characters can hide a scheme.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return false;
  try {
    return new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
}
