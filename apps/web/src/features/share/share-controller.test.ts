import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { saveTokens } from '../../lib/auth-store.ts';
import { saveTrackDetail } from '../../lib/source-id.ts';
import { shareOnRoute } from './boot.ts';
import { resetShareController } from './share-controller.ts';
import { setPageShare } from './lib/share-store.ts';
import { JSSDK_URL, type Wx } from './lib/wx-sdk.ts';

const WECHAT_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/8.0.47';
const CHROME_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36';

const sdkScripts = () => Array.from(document.querySelectorAll('script')).filter((s) => s.src === JSSDK_URL);

function fakeWx() {
  const readyCallbacks: (() => void)[] = [];
  const wx = {
    config: vi.fn(),
    ready: vi.fn((cb: () => void) => readyCallbacks.push(cb)),
    error: vi.fn(),
    updateAppMessageShareData: vi.fn(),
    updateTimelineShareData: vi.fn(),
    onMenuShareAppMessage: vi.fn(),
    onMenuShareTimeline: vi.fn(),
  };
  return { wx, fireReady: () => readyCallbacks.forEach((cb) => cb()) };
}

beforeEach(() => {
  // The controller waits for an idle moment; in tests that moment is now.
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => setTimeout(fn, 0));
});
afterEach(() => {
  resetShareController();
  setPageShare(null);
  delete (window as { wx?: Wx }).wx;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WeChat sharing', () => {
  it('loads nothing and asks nothing outside WeChat', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_UA);
    const { calls } = mockFetch({});
    vi.useFakeTimers();
    try {
      shareOnRoute();
      // Every idle callback and timer the call could have started has run.
      await vi.runAllTimersAsync();
    } finally {
      vi.useRealTimers();
    }
    expect(sdkScripts()).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('inside WeChat loads the JS-SDK, signs the page and shares the page data with suid and tid', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    window.history.replaceState(null, '', '/course/detail?courseId=7#intro');
    saveTokens({ accessToken: 'tok', userId: 42 });
    saveTrackDetail('T9', null);
    const { calls } = mockFetch({
      'POST /v1/wechats/jsApiConfig': () => envelope({ appId: 'wxAPP', timestamp: 1700000000, nonceStr: 'abcdefghijklmnop', signature: 'f'.repeat(40) }),
      'POST /v1/courses/7/shared': () => envelope({ courseId: 7, shareType: 2, channel: 'jssdk', sharedAt: '' }),
    });
    const { wx, fireReady } = fakeWx();
    setPageShare({ title: '担保合同审查', desc: '<p>十二讲吃透</p>', courseId: 7 });

    shareOnRoute();
    await vi.waitFor(() => expect(sdkScripts()).toHaveLength(1));
    (window as { wx?: unknown }).wx = wx;
    sdkScripts()[0]!.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(wx.config).toHaveBeenCalled());

    const signed = calls.find((c) => c.path === '/v1/wechats/jsApiConfig')!;
    expect(signed.url.searchParams.get('url')).toBe(`${window.location.origin}/course/detail?courseId=7`);
    expect(wx.config.mock.calls[0]![0]).toMatchObject({ appId: 'wxAPP', signature: 'f'.repeat(40), jsApiList: expect.arrayContaining(['updateAppMessageShareData', 'updateTimelineShareData']) });

    fireReady();
    const session = wx.updateAppMessageShareData.mock.calls.at(-1)![0];
    expect(session).toMatchObject({ title: '担保合同审查', desc: '十二讲吃透' });
    // jsdom serves plain http, where the app routes by hash: the route and its query follow the #.
    expect(session.link.startsWith(`${window.location.origin}/#/course/detail?`)).toBe(true);
    const link = new URL(session.link.split('#')[1]!, 'http://route.invalid');
    expect(link.searchParams.get('suid')).toBe('42');
    expect(link.searchParams.get('tid')).toBe('T9');
    expect(link.searchParams.get('courseId')).toBe('7');
    expect(wx.updateTimelineShareData.mock.calls.at(-1)![0]).toMatchObject({ title: '担保合同审查', link: session.link });

    // The learner shares to the timeline: the share is recorded against the course.
    wx.onMenuShareTimeline.mock.calls.at(-1)![0].success();
    await vi.waitFor(() => expect(calls.find((c) => c.path === '/v1/courses/7/shared')?.body).toEqual({ shareType: 2, channel: 'jssdk' }));
  });
});
