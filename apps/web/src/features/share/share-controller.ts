/**
 * WeChat sharing on every page (issue 6 §4): loaded only inside WeChat, after the page is idle
 * (boot.ts). On each route change it signs the page with `wx.config` when the address WeChat
 * checks has changed, then sets the chat (type 1) and timeline (type 2) shares from what the
 * page asked for with useShare, or from defaults.
 */
import { ShareType } from '@jinfa/shared/enums';
import { getJsApiConfig } from './api/get-js-api-config.ts';
import { recordShare } from './api/record-share.ts';
import { buildShareData, DEFAULT_SHARE_TITLE } from './lib/share-data.ts';
import { getPageShare, subscribePageShare } from './lib/share-store.ts';
import { loadWxSdk, SHARE_APIS, type Wx } from './lib/wx-sdk.ts';
import { signatureUrl } from './lib/share-data.ts';

let wx: Wx | null = null;
let configuredFor: string | null = null;
let ready = false;
let generation = 0;
let unsubscribe: (() => void) | null = null;

function apply(): void {
  if (!wx || !ready) return;
  const input = getPageShare() ?? {};
  const data = buildShareData({ ...input, title: input.title ?? (document.title || DEFAULT_SHARE_TITLE) });
  const courseId = input.courseId;
  const shared = (shareType: 1 | 2) => () => {
    if (courseId != null) recordShare(courseId, { shareType, channel: 'jssdk' });
  };
  wx.updateAppMessageShareData(data);
  wx.updateTimelineShareData({ title: data.title, link: data.link, imgUrl: data.imgUrl });
  // The update* calls' `success` only says the data was set; these fire when the learner shared.
  wx.onMenuShareAppMessage?.({ ...data, success: shared(ShareType.SESSION) });
  wx.onMenuShareTimeline?.({ title: data.title, link: data.link, imgUrl: data.imgUrl, success: shared(ShareType.TIMELINE) });
}

async function configure(): Promise<void> {
  const url = signatureUrl();
  wx ??= await loadWxSdk();
  if (url === configuredFor) {
    apply();
    return;
  }
  const mine = ++generation;
  ready = false;
  const config = await getJsApiConfig(url);
  if (mine !== generation) return;
  configuredFor = url;
  wx.error(() => {
    // A refused signature (stale ticket, wrong domain): sign again on the next route change.
    if (mine === generation) configuredFor = null;
  });
  wx.config({ debug: false, ...config, jsApiList: SHARE_APIS });
  wx.ready(() => {
    if (mine !== generation) return;
    ready = true;
    apply();
  });
}

/** Called on every route change (RootLayout through boot.ts). */
export function onRoute(): void {
  unsubscribe ??= subscribePageShare(apply);
  configure().catch(() => {
    // Sharing falls back to WeChat's own card for the page; nothing to tell the learner.
    configuredFor = null;
  });
}

/** Tests only: forget the SDK and the configured page. */
export function resetShareController(): void {
  unsubscribe?.();
  unsubscribe = null;
  wx = null;
  configuredFor = null;
  ready = false;
  generation += 1;
}
