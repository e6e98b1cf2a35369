import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseDetail } from '@jinfa/shared/schemas';
import { envelope, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../../test/render-app.tsx';
import { saveTokens } from '../../../lib/auth-store.ts';
import { ShareCardPage } from './share-card-page.tsx';

const course = {
  courseId: 7,
  name: '商业银行授信业务合规要点',
  cover: '',
  lecturerName: '王律师',
  lecturerPosition: '合伙人',
  isFree: false,
  priceYuan: '299.00',
} as CourseDetail;

/** jsdom has no canvas: a 2D context that records what is drawn. */
function stubCanvas() {
  const texts: string[] = [];
  let rects = 0;
  const ctx = new Proxy(
    {
      fillText: (text: string) => texts.push(text),
      fillRect: () => {
        rects += 1;
      },
      measureText: (text: string) => ({ width: Array.from(text).length * 30 }),
      createLinearGradient: () => ({ addColorStop: () => {} }),
    } as Record<string, unknown>,
    { get: (target, key: string) => (key in target ? target[key] : () => {}), set: () => true },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ctx) as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,UE5H');
  return { texts, rects: () => rects };
}

function renderAt(path: string) {
  return renderRoutes([{ path: '/activity/shareCard', Component: ShareCardPage }], path);
}

beforeEach(() => saveTokens({ accessToken: 'tok', userId: 42 }));
afterEach(() => vi.restoreAllMocks());

describe('/activity/shareCard', () => {
  it("draws the course, the lecturer, the price and the learner's name into a poster image, and records it", async () => {
    const canvas = stubCanvas();
    const { calls } = mockFetch({
      'GET /v1/courses/7': () => envelope(course),
      'GET /v1/users/me': () => envelope({ userId: 42, name: '李明', nickname: 'lm' }),
      'POST /v1/courses/7/shared': () => envelope({ courseId: 7, shareType: null, channel: 'poster', sharedAt: '' }),
    });
    renderAt('/activity/shareCard?courseId=7');
    const img = await screen.findByTestId('share-poster', {}, { timeout: 3000 });
    expect(img.getAttribute('src')).toBe('data:image/png;base64,UE5H');
    expect(canvas.texts).toEqual(expect.arrayContaining(['商业银行授信业务合规要点', '主讲：王律师 · 合伙人', '¥299.00', '李明 邀请你一起学习']));
    // A QR code is hundreds of dark modules.
    expect(canvas.rects()).toBeGreaterThan(200);
    // Outside WeChat there is no long-press menu: a download button instead.
    expect(screen.getByTestId('save-poster').getAttribute('download')).toBe('金法课堂-7.png');
    expect(calls.filter((c) => c.path === '/v1/courses/7/shared').map((c) => c.body)).toEqual([{ channel: 'poster' }]);
  });

  it('tells the learner in WeChat to long-press instead of offering a download', async () => {
    stubCanvas();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) MicroMessenger/8.0.47');
    mockFetch({ 'GET /v1/courses/7': () => envelope({ ...course, isFree: true }), 'GET /v1/users/me': () => envelope({ name: '', nickname: '' }) });
    renderAt('/activity/shareCard?courseId=7');
    expect(await screen.findByText('长按图片，保存到相册或发送给朋友', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByTestId('save-poster')).toBeNull();
  });

  it('says so when no course is named', async () => {
    mockFetch({});
    renderAt('/activity/shareCard?courseId=abc');
    expect(await screen.findByText('没有找到要分享的课程')).toBeTruthy();
  });
});
