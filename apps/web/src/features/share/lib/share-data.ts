import { getStoredUserId } from '../../../lib/auth-store.ts';
import { shareDescription, shareImage } from '../../../lib/share.ts';
import { getSourceId, getTrackDetail } from '../../../lib/source-id.ts';

/** What a page says about itself when shared (useShare); every field may be left to the defaults. */
export interface ShareInput {
  title?: string;
  /** May be rich text: markup is stripped and the text cut to 200 characters (spec §5). */
  desc?: string | null;
  image?: string | null;
  /** An app path (`paths.x.getHref(...)`); default: the page being shown. */
  link?: string;
  /** The course this page shares: a completed share is recorded against it. */
  courseId?: number;
}

/** The arguments of the JS-SDK's updateAppMessageShareData / updateTimelineShareData. */
export interface ShareData {
  title: string;
  desc: string;
  imgUrl: string;
  link: string;
}

export const DEFAULT_SHARE_TITLE = '金法课堂';
export const DEFAULT_SHARE_DESC = '银行与金融法律在线课堂，随时随地学法务';

export interface Attribution {
  /** Who gets the credit for the visits this link brings: the sharer, or whoever sent them here. */
  suid: number | null;
  tid: string;
}

export function currentAttribution(): Attribution {
  return { suid: getStoredUserId() ?? getSourceId(), tid: getTrackDetail()?.tid ?? '' };
}

/** The app path shown now: the hash route over http, the path over https (spec §2). */
export function currentAppPath(loc: Location = window.location): string {
  if (loc.hash.startsWith('#/')) return loc.hash.slice(1);
  return `${loc.pathname}${loc.search}`;
}

/**
 * An absolute link to an app path, written the way this origin routes (hash over http, path over
 * https), carrying `suid` and `tid` in the route's own query so the app reads them on arrival.
 */
export function shareLink(appPath: string, attribution: Attribution, loc: Location = window.location): string {
  const route = new URL(appPath, 'http://app.invalid');
  route.searchParams.delete('suid');
  route.searchParams.delete('tid');
  if (attribution.suid != null) route.searchParams.set('suid', String(attribution.suid));
  if (attribution.tid) route.searchParams.set('tid', attribution.tid);
  const path = `${route.pathname}${route.search}`;
  return loc.protocol === 'http:' ? `${loc.origin}/#${path}` : `${loc.origin}${path}`;
}

/**
 * The page being shown, less the invitation token it arrived with (`it`, decision 019): that token
 * is the original sharer's, and re-shared under another suid it would credit them, not the sharer.
 * A page that shares its own token says so through `ShareInput.link`.
 */
function currentPageToShare(loc: Location): string {
  const route = new URL(currentAppPath(loc), 'http://app.invalid');
  route.searchParams.delete('it');
  return `${route.pathname}${route.search}`;
}

export function buildShareData(input: ShareInput, attribution: Attribution = currentAttribution(), loc: Location = window.location): ShareData {
  const desc = shareDescription(input.desc);
  return {
    title: input.title?.trim() || DEFAULT_SHARE_TITLE,
    desc: desc || DEFAULT_SHARE_DESC,
    imgUrl: shareImage(input.image),
    link: shareLink(input.link ?? currentPageToShare(loc), attribution, loc),
  };
}

/**
 * The address WeChat checks the signature against: the page without its #fragment. iOS WeChat
 * keeps the address the page was entered at for the whole visit (pushState does not change it),
 * so there it is the landing address.
 */
export function signatureUrl(ua: string = navigator.userAgent, loc: Location = window.location): string {
  let href = loc.href;
  if (/iPhone|iPad|iPod/i.test(ua)) {
    const entry = performance.getEntriesByType?.('navigation')[0];
    if (entry?.name) href = entry.name;
  }
  const hashAt = href.indexOf('#');
  return hashAt >= 0 ? href.slice(0, hashAt) : href;
}
