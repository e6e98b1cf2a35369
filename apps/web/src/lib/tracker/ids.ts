/**
 * Client ids for tracking records. 96 random bits (16 base64url characters): a retried upload
 * carries the same id, so the server drops the second copy; collisions across every device are
 * not a practical concern at this size (birthday bound ≈ 2^48 records).
 */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  // 12 bytes = 96 bits = exactly 16 base64 characters, no padding; then the url-safe alphabet.
  return btoa(String.fromCharCode(...bytes)).replace(/[+/]/g, (c) => (c === '+' ? '-' : '_'));
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
    memorySession = memorySession || newClientId();
  }
  return memorySession;
}

/** Tests start each case in a fresh tab. */
export function resetSessionForTests(): void {
  memorySession = null;
}
