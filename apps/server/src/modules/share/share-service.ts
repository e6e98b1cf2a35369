/**
 * Sharing (spec §3 share config, §7.2): the WeChat JS-SDK config for a page of ours, and the
 * record of a course being shared.
 */
import crypto from 'node:crypto';
import { ErrorCodes, type CourseShareBody, type CourseShareResult, type JsApiConfig } from '@jinfa/shared';
import type { WechatJsSdk } from '../../adapters/wechat/wechat-jssdk.ts';
import { signJsApi, WechatJsSdkError } from '../../adapters/wechat/wechat-jssdk.ts';
import { findCourseState } from '../courses/course-card-repository.ts';
import { assertCourseExists } from '../courses/course-state.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import type { Db } from '../../db/conn.ts';
import { insertCourseShare } from './share-repository.ts';

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** WeChat's examples use 16 letters and digits; anything else in a nonce is asking for trouble. */
export function makeNonce(length = 16): string {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => NONCE_ALPHABET[b % NONCE_ALPHABET.length]).join('');
}

/**
 * The page address to sign: http(s), on our public origin (decision 018), without its #fragment.
 * Refusing other origins keeps the endpoint from signing pages of sites that are not ours with our
 * ticket — also when a request names another site in `Host` or `X-Forwarded-Host`.
 */
export function pageUrlToSign(raw: string, origin: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError(ErrorCodes.SHARE_URL_NOT_ALLOWED);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError(ErrorCodes.SHARE_URL_NOT_ALLOWED);
  if (url.username || url.password) throw new AppError(ErrorCodes.SHARE_URL_NOT_ALLOWED);
  // URL.origin lower-cases the host and drops a default port (`h5.example.com:443`).
  if (url.origin !== origin) throw new AppError(ErrorCodes.SHARE_URL_NOT_ALLOWED);
  // Signed exactly as the page sent it (WeChat compares with location.href), minus the fragment.
  const hashAt = raw.indexOf('#');
  return hashAt >= 0 ? raw.slice(0, hashAt) : raw;
}

export async function jsApiConfig(
  sdk: WechatJsSdk,
  pageUrl: string,
  now: number,
  log: { warn: (obj: object, msg: string) => void },
): Promise<JsApiConfig> {
  let ticket: string;
  try {
    ticket = await sdk.jsapiTicket();
  } catch (err) {
    if (!(err instanceof WechatJsSdkError)) throw err;
    log.warn({ kind: err.kind, errcode: err.errcode, err: err.message }, 'jsapi_ticket unavailable');
    throw new AppError(ErrorCodes.WECHAT_SHARE_CONFIG_FAILED);
  }
  const timestamp = Math.floor(now / 1000);
  const nonceStr = makeNonce();
  return { appId: sdk.appId, timestamp, nonceStr, signature: signJsApi(ticket, nonceStr, timestamp, pageUrl) };
}

export async function recordCourseShare(db: Db, userId: number | null, courseId: number, body: CourseShareBody, now: number): Promise<CourseShareResult> {
  const channel = body.channel ?? 'jssdk';
  // Only the JS-SDK knows where the page went; a poster or a copied link has no share type.
  if (channel === 'jssdk' && body.shareType === undefined) throw new ValidationError('shareType is required for a WeChat share');
  if (channel !== 'jssdk' && body.shareType !== undefined) throw new ValidationError('shareType is only for a WeChat share');
  assertCourseExists(await findCourseState(db, courseId));
  const shareType = body.shareType ?? null;
  await insertCourseShare(db, { courseId, userId, shareType, channel, createdAt: now });
  return { courseId, shareType, channel, sharedAt: new Date(now).toISOString() };
}
