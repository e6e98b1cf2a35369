/**
 * Client ids for tracking records. 96 random bits (16 base64url characters): a retried upload
 * carries the same id, so the server drops the second copy; collisions across every device are
 * not a practical concern at this size (birthday bound ≈ 2^48 records).
 */
export const newClientId = (): string =>
  // 12 bytes = 96 bits = exactly 16 base64 characters, no padding; then the url-safe alphabet.
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(12)))).replace(/[+/]/g, (c) => (c === '+' ? '-' : '_'));

let session: string | null = null;

/** One session per tab (spec §3): kept in sessionStorage, so a reload stays in the same session. */
export function sessionId(): string {
  if (!session) {
    try {
      session = sessionStorage.getItem('track_session');
      if (!session) sessionStorage.setItem('track_session', (session = newClientId()));
    } catch {
      // private mode in old in-app browsers: a session per page load
      session = session || newClientId();
    }
  }
  return session;
}

/** Tests start each case in a fresh tab. */
export function resetSessionForTests(): void {
  session = null;
}
