import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayAuth } from '@jinfa/shared/media-schemas';
import { fakeMedia } from '../../../../test/fake-media.ts';
import { envelope, mockFetch, type Call } from '../../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../../test/render-app.tsx';
import { saveTokens } from '../../../lib/auth-store.ts';
import type { ListenReport } from '../api/post-listen.ts';
import { VideoPlayer, type Access } from './video-player.tsx';

const T = { timeout: 4000 };

function auth(n = 1): PlayAuth {
  return {
    videoUrl: `/v1/media/play/3/master.m3u8?s=${n}`,
    mode: 2,
    courseId: 12,
    chapterId: null,
    mediaType: 1,
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    duration: 600,
    qualities: [
      { label: '流畅', height: 360, url: `/v1/media/play/3/v0/index.m3u8?s=${n}` },
      { label: '标清', height: 540, url: `/v1/media/play/3/v1/index.m3u8?s=${n}` },
    ],
    watermark: '138****0001',
    playSession: `ps-video-session-${n}`,
  };
}

const progress = { courseId: 12, chapterId: null, position: 95, duration: 600, finished: false, chapters: [{ chapterId: null, position: 95, duration: 600, finished: false }] };

function renderPlayer(props: { access?: Access; onNeedBuy?: () => void } = {}) {
  const { router } = renderRoutes([
    {
      path: '/',
      Component: () => (
        <VideoPlayer courseId={12} chapterId={null} cover="" title="授信合规" access={props.access ?? 'yes'} playNonce={0} onNeedBuy={props.onNeedBuy} />
      ),
    },
    { path: '/gotoApp', Component: () => <p>前往App</p> },
  ]);
  return { router, video: () => document.querySelector('video')! };
}

function routes(extra: Record<string, (call: Call) => Response> = {}) {
  return {
    'POST /v1/courses/12/play_auth': () => envelope(auth()),
    'GET /v1/courses/12/listen_progress': () => envelope(progress),
    'POST /v1/courses/12/listenV3': () => envelope({ recordId: 'x', position: 0, playedSeconds: 0, credited: 0, finished: false }),
    'POST /v1/courses/12/visit_play': () => envelope({ courseId: 12, recordId: 'x', visits: 1 }),
    ...extra,
  };
}

beforeEach(() => {
  saveTokens({ accessToken: 'tok', userId: 7 });
  fakeMedia();
});
afterEach(() => {
  window.dispatchEvent(new Event('pagehide'));
});

describe('VideoPlayer', () => {
  it('plays the signed HLS URL natively on a tap, resumes at the saved position, shows the watermark and reports start', async () => {
    const { calls } = mockFetch(routes());
    const { video } = renderPlayer();
    await userEvent.click(await screen.findByTestId('video-play', undefined, T));
    await waitFor(() => expect(video().getAttribute('src')).toBe('/v1/media/play/3/master.m3u8?s=1'), T);
    expect(screen.getByTestId('video-player').getAttribute('data-engine')).toBe('native');
    expect(video().currentTime).toBe(95);
    expect(screen.getByTestId('video-watermark').textContent).toBe('138****0001');
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/courses/12/listenV3' && (c.body as { event: string }).event === 'start')).toBe(true), T);
    expect(calls.filter((c) => c.path === '/v1/courses/12/visit_play')).toHaveLength(1);
    // The signed URL was asked for before the tap, once.
    expect(calls.filter((c) => c.path === '/v1/courses/12/play_auth')).toHaveLength(1);
    expect(calls.find((c) => c.path === '/v1/courses/12/play_auth')!.url.searchParams.get('sourseType')).toBe('1');
  });

  it('switches speed and quality from the control bar', async () => {
    mockFetch(routes());
    const { video } = renderPlayer();
    await userEvent.click(await screen.findByTestId('video-play', undefined, T));
    await waitFor(() => expect(video().getAttribute('src')).toContain('master.m3u8'), T);

    await userEvent.click(screen.getByRole('button', { name: '倍速' }));
    await userEvent.click(within(screen.getByRole('menu', { name: '倍速' })).getByRole('menuitemradio', { name: '1.5x' }));
    expect(video().playbackRate).toBe(1.5);
    expect(localStorage.getItem('jf_play_speed')).toBe('1.5');
    expect(screen.getByRole('button', { name: '倍速' }).textContent).toBe('1.5x');

    await userEvent.click(screen.getByRole('button', { name: '清晰度' }));
    const menu = screen.getByRole('menu', { name: '清晰度' });
    expect(within(menu).getAllByRole('menuitemradio').map((b) => b.textContent)).toEqual(['自动', '流畅', '标清']);
    video().currentTime = 42;
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: '标清' }));
    await waitFor(() => expect(video().getAttribute('src')).toBe('/v1/media/play/3/v1/index.m3u8?s=1'), T);
    act(() => {
      video().dispatchEvent(new Event('loadedmetadata'));
    });
    expect(video().currentTime).toBe(42);
    expect(screen.getByRole('button', { name: '清晰度' }).textContent).toBe('标清');
  });

  it('falls back to page full screen where the Fullscreen API is missing (Android X5)', async () => {
    mockFetch(routes());
    renderPlayer();
    await userEvent.click(await screen.findByTestId('video-play', undefined, T));
    await userEvent.click(await screen.findByRole('button', { name: '全屏' }, T));
    const box = screen.getByTestId('video-player');
    expect(box.className).toMatch(/pageFullscreen/);
    await userEvent.click(screen.getByRole('button', { name: '退出全屏' }));
    expect(box.className).not.toMatch(/pageFullscreen/);
  });

  it('renews an expired signed URL once and goes on at the same position; a second failure offers 重试', async () => {
    let n = 0;
    const { calls } = mockFetch(routes({ 'POST /v1/courses/12/play_auth': () => envelope(auth(++n)) }));
    const { video } = renderPlayer();
    await userEvent.click(await screen.findByTestId('video-play', undefined, T));
    await waitFor(() => expect(video().getAttribute('src')).toBe('/v1/media/play/3/master.m3u8?s=1'), T);
    video().currentTime = 130;
    act(() => {
      video().dispatchEvent(new Event('error'));
    });
    await waitFor(() => expect(video().getAttribute('src')).toBe('/v1/media/play/3/master.m3u8?s=2'), T);
    act(() => {
      video().dispatchEvent(new Event('loadedmetadata'));
    });
    expect(video().currentTime).toBe(130);
    expect(calls.filter((c) => c.path === '/v1/courses/12/play_auth')).toHaveLength(2);

    act(() => {
      video().dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText('播放出错了，请重试', undefined, T)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(video().getAttribute('src')).toBe('/v1/media/play/3/master.m3u8?s=3'), T);
  });

  it('asks play_auth for a new play session when the server says the current one ended, and reports with it', async () => {
    let n = 0;
    const { calls } = mockFetch(
      routes({
        'POST /v1/courses/12/play_auth': () => envelope(auth(++n)),
        'POST /v1/courses/12/listenV3': (call: Call) =>
          envelope({ recordId: 'x', position: 0, playedSeconds: 0, credited: 0, finished: false, sessionState: (call.body as ListenReport).playSession === 'ps-video-session-1' ? 'ended' : 'active' }),
      }),
    );
    const { video } = renderPlayer();
    await userEvent.click(await screen.findByTestId('video-play', undefined, T));
    const reports = () => calls.filter((c) => c.path === '/v1/courses/12/listenV3').map((c) => c.body as ListenReport);
    await waitFor(() => expect(reports().some((r) => r.event === 'start' && r.playSession === 'ps-video-session-1')).toBe(true), T);
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/courses/12/play_auth')).toHaveLength(2), T);
    act(() => {
      video().pause();
    });
    await waitFor(() => expect(reports().some((r) => r.event === 'exit' && r.playSession === 'ps-video-session-2')).toBe(true), T);
    // The media source was not reloaded for it.
    expect(video().getAttribute('src')).toBe('/v1/media/play/3/master.m3u8?s=1');
  });

  it('sends a learner who does not own the course to buy it, without asking for the media', async () => {
    const onNeedBuy = vi.fn();
    const { calls } = mockFetch(routes({ 'POST /v1/courses/12/play_auth': () => envelope(null, -41230, '未报名') }));
    renderPlayer({ access: 'no', onNeedBuy });
    await userEvent.click(await screen.findByRole('button', { name: '购买后观看' }, T));
    expect(onNeedBuy).toHaveBeenCalledTimes(1);
    expect(calls.some((c) => c.path === '/v1/courses/12/play_auth')).toBe(false);
  });

  it('shows 企业会员已过期 when the corporate membership lapsed, and sends native-only courses to /gotoApp', async () => {
    mockFetch(routes({ 'POST /v1/courses/12/play_auth': () => envelope(null, -10090, '企业会员已过期，无法收听') }));
    renderPlayer({ access: 'maybe' });
    await userEvent.click(await screen.findByTestId('video-play', undefined, T));
    expect(await screen.findByText('企业会员已过期，无法收听', undefined, T)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('sends a native-app-only course (mode 1) to /gotoApp', async () => {
    mockFetch(routes({ 'POST /v1/courses/12/play_auth': () => envelope({ ...auth(), mode: 1, videoUrl: '' }) }));
    const { router } = renderPlayer();
    await userEvent.click(await screen.findByTestId('video-play', undefined, T));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gotoApp'), T);
  });
});
