/**
 * What may reach a log line (issue 11, decision 017): never a token, a login or SMS code, an
 * OAuth state, a download ticket or a URL signature, and never a full phone number.
 *
 * URLs are redacted on their DECODED query (`URLSearchParams`), so `?app%74oken=`, `?APPTOKEN=`
 * or `?apptoken[]=` are caught like `?apptoken=`. Phone numbers are masked as 138****1234,
 * both in fields named like a phone and inside any query value or string field.
 */

/** Query names (decoded, any case) whose value is a secret. */
const SECRET_NAME = /token|code|state|ticket|secret|passw|signature|nonce|cookie/i;
/** Short names: our signed links (`?u&c&e&s` media and courseware URLs) and common credentials. */
const SECRET_EXACT = new Set(['s', 'sig', 'sign', 'key', 'apikey', 'auth', 'authorization']);
const PHONE_NAME = /mobile|phone/i;
/** A mainland mobile number not embedded in a longer digit run. */
const MOBILE_IN_TEXT = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;

export const REDACTED = '[redacted]';

export function maskPhonesIn(text: string): string {
  return text.replace(MOBILE_IN_TEXT, '$1****$2');
}

export function isSecretParamName(name: string): boolean {
  return SECRET_NAME.test(name) || SECRET_EXACT.has(name.toLowerCase());
}

/** The URL with every secret query value replaced and phone numbers masked; the path is kept. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return maskPhonesIn(url);
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const parts: string[] = [];
  for (const [name, value] of new URLSearchParams(query)) {
    const safe = isSecretParamName(name) ? REDACTED : encodeURIComponent(maskPhonesIn(value));
    parts.push(`${encodeURIComponent(name)}=${safe}`);
  }
  return `${maskPhonesIn(url.slice(0, q))}?${parts.join('&')}`;
}

/**
 * A log record's fields with phone numbers masked (fields named mobile/phone, and numbers inside
 * strings) — nested objects to a small depth. Errors and other class instances pass untouched.
 */
export function maskPhonesInRecord(record: Record<string, unknown>, depth = 0): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(record)) {
    let next = value;
    if (typeof value === 'string') next = PHONE_NAME.test(key) ? maskMobileValue(value) : maskPhonesIn(value);
    else if (typeof value === 'number' && PHONE_NAME.test(key)) next = maskMobileValue(String(value));
    else if (depth < 3 && value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      next = maskPhonesInRecord(value as Record<string, unknown>, depth + 1);
    }
    if (next !== value) {
      out ??= { ...record };
      out[key] = next;
    }
  }
  return out ?? record;
}

function maskMobileValue(value: string): string {
  return value.length >= 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : '****';
}
