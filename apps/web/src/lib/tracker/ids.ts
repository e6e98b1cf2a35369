/**
 * Client ids for tracking records. 96 random bits (16 base64url characters): a retried upload
 * carries the same id, so the server drops the second copy; collisions across every device are
 * not a practical concern at this size (birthday bound ≈ 2^48 records).
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function newClientId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  let out = '';
  // 12 bytes = 96 bits = exactly 16 six-bit characters, no padding.
  for (let i = 0; i < 12; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  return out;
}

const SESSION_KEY = 'track_session';
let memorySession: string | null = null;

/** One session per tab (spec §3): kept in sessionStorage, so a reload stays in the same session. */
export function sessionId(): string {
  if (memorySession) return memorySession;
  try {
    const stored = window.sessionStorage.getItem(SESSION_KEY);
    if (stored) return (memorySession = stored);
    memorySession = newClientId();
    window.sessionStorage.setItem(SESSION_KEY, memorySession);
  } catch {
    // private mode in old in-app browsers: a session per page load
    memorySession ??= newClientId();
  }
  return memorySession;
}

/** Tests start each case in a fresh tab. */
export function resetSessionForTests(): void {
  memorySession = null;
}
