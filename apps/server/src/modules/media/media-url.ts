/**
 * Signed media URLs (decision 010). A URL carries the learner `u`, the course `c`, an expiry `e`
 * (epoch seconds) and `s` = HMAC-SHA256 over the URL's path, u, c and e with a key derived from
 * TOKEN_SECRET — so a signature opens exactly one file for one learner and course until e.
 * Changing any part (another user id, another asset, a later expiry) breaks it.
 */
import crypto from 'node:crypto';
import { safeEqual } from '../../lib/crypto.ts';

/** The master URL play_auth hands out opens for this long. */
export const MASTER_TTL_SEC = 5 * 60;
/**
 * Variant playlists, segments and the key URL written into a playlist open for a viewing
 * session: players fetch a VOD playlist once and then walk its segments for as long as the
 * learner watches (pauses included). The key route re-checks the entitlement on every fetch.
 */
export const SESSION_TTL_SEC = 4 * 60 * 60;
/** Signature length in base64url characters (192 bits). */
const SIG_CHARS = 32;

export interface MediaGrant {
  userId: number;
  courseId: number;
  /** Epoch seconds. */
  expiresAt: number;
}

export class MediaUrlSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, so a media signature can never stand in for another HMAC of TOKEN_SECRET.
    this.key = crypto.createHmac('sha256', secret).update('jinfa media url v1').digest();
  }

  sign(path: string, g: MediaGrant): string {
    return crypto.createHmac('sha256', this.key).update(`${path}\n${g.userId}\n${g.courseId}\n${g.expiresAt}`).digest('base64url').slice(0, SIG_CHARS);
  }

  /** `path?u=&c=&e=&s=` */
  url(path: string, g: MediaGrant): string {
    return `${path}?u=${g.userId}&c=${g.courseId}&e=${g.expiresAt}&s=${this.sign(path, g)}`;
  }

  /** 'ok', 'bad' (tampered) or 'expired'. The signature is checked first, in constant time. */
  verify(path: string, g: MediaGrant, signature: string, nowSec: number): 'ok' | 'bad' | 'expired' {
    if (!safeEqual(signature, this.sign(path, g))) return 'bad';
    return g.expiresAt < nowSec ? 'expired' : 'ok';
  }
}

export const masterPath = (assetId: number) => `/v1/media/play/${assetId}/master.m3u8`;
export const variantFilePath = (assetId: number, variant: string, file: string) => `/v1/media/play/${assetId}/${variant}/${file}`;
export const keyPath = (assetId: number) => `/v1/media/keys/${assetId}`;
