/**
 * Seals third-party secrets we must keep (WeChat's OAuth refresh token) with AES-256-GCM under a
 * key derived from the token secret, so a database dump alone does not hand them out.
 */
import crypto from 'node:crypto';

function key(secret: string): Buffer {
  return crypto.createHash('sha256').update(`secret-box|${secret}`).digest();
}

export function sealSecret(secret: string, plaintext: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key(secret), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plaintext, or null when the box was not sealed with this secret or was altered. */
export function openSecret(secret: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < 29) return null;
    const decipher = crypto.createDecipheriv('aes-256-gcm', key(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
