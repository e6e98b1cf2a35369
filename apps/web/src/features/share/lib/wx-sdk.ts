/** WeChat's JS-SDK, loaded on demand inside WeChat only (it is useless, and 20 KB, anywhere else). */
export const JSSDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

export const SHARE_APIS = ['updateAppMessageShareData', 'updateTimelineShareData', 'onMenuShareAppMessage', 'onMenuShareTimeline'] as const;

interface WxShareOptions {
  title: string;
  link: string;
  imgUrl: string;
  desc?: string;
  success?: () => void;
  cancel?: () => void;
}

/** The part of `window.wx` we use (JS-SDK doc, 分享接口). */
export interface Wx {
  config(options: { debug: boolean; appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: readonly string[] }): void;
  ready(callback: () => void): void;
  error(callback: (res: { errMsg?: string }) => void): void;
  updateAppMessageShareData(options: WxShareOptions): void;
  updateTimelineShareData(options: WxShareOptions): void;
  /** Deprecated by WeChat but still the only call whose `success` fires after the learner shared. */
  onMenuShareAppMessage?(options: WxShareOptions): void;
  onMenuShareTimeline?(options: WxShareOptions): void;
}

let loading: Promise<Wx> | null = null;

export function loadWxSdk(): Promise<Wx> {
  const existing = (window as { wx?: Wx }).wx;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<Wx>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = JSSDK_URL;
    script.async = true;
    script.onload = () => {
      const wx = (window as { wx?: Wx }).wx;
      if (wx) resolve(wx);
      else reject(new Error('jweixin loaded without window.wx'));
    };
    script.onerror = () => reject(new Error('jweixin failed to load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A flaky network on one page must not disable sharing for the rest of the visit.
    loading = null;
    throw error;
  });
  return loading;
}
