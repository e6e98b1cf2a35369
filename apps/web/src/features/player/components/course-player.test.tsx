import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlayAuth, PlaylistItem } from '@jinfa/shared/media-schemas';
import type { Chapter } from '@jinfa/shared/schemas';
import { courseDetail } from '../../../../test/course-fixtures.ts';
import { fakeMedia } from '../../../../test/fake-media.ts';
import { envelope, mockFetch, type Call } from '../../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../../test/render-app.tsx';
import { saveTokens } from '../../../lib/auth-store.ts';
import { useCoursePlayback } from '../hooks/use-course-playback.ts';
import type { ListenReport } from '../api/post-listen.ts';
import { CoursePlayer } from './course-player.tsx';

const T = { timeout: 4000 };

const series = courseDetail(40, {
  name: '民法典与银行业务十讲',
  isSeries: true,
  courseType: 2,
  chapterCount: 3,
  lecturerName: '欧阳老师',
  subjectName: '民法典',
  isFavorite: false,
});

// Chapters 1 and 2 are free trials; 3 needs the course bought.
const chapters: Chapter[] = [1, 2, 3].map((id) => ({
  chapterId: 100 + id,
  title: `第${id}讲`,
  sort: id,
  durationSeconds: 600,
  isFreeTrial: id < 3,
  price: 0,
  priceYuan: '0.00',
}));
const playlist: PlaylistItem[] = chapters.map((c) => ({ chapterId: c.chapterId, title: c.title, duration: 600, isFreeTrial: c.isFreeTrial, playable: c.isFreeTrial, mediaType: 1 }));

function authFor(chapterId: number): PlayAuth {
  return {
    videoUrl: `/v1/media/play/${chapterId}/master.m3u8?s=1`,
    mode: 2,
    courseId: 40,
    chapterId,
    mediaType: 1,
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    duration: 600,
    qualities: [],
    watermark: '138****0001',
    playSession: `ps-chapter-session-${chapterId}`,
  };
}

function routes() {
  return {
    'GET /v1/courses/playlist/40': () => envelope(playlist),
    'GET /v1/courses/40/listen_progress': () => envelope({ courseId: 40, chapterId: null, position: 0, duration: null, finished: false, chapters: [] }),
    'POST /v1/courses/40/play_auth': (call: Call) => envelope(authFor(Number(call.url.searchParams.get('chapterId')))),
    'POST /v1/courses/40/listenV3': () => envelope({ recordId: 'x', position: 0 }),
    'POST /v1/courses/40/visit_play': () => envelope({ courseId: 40, recordId: 'x', visits: 1 }),
    'GET /v1/courses/40/exist_ppt': () => envelope({ exist: false }),
  };
}

function Harness() {
  const playback = useCoursePlayback(series, chapters);
  return (
    <>
      <CoursePlayer course={series} playback={playback} onNeedBuy={() => {}} onGotoApp={() => {}} />
      <p data-testid="selected">{String(playback.selection.chapterId)}</p>
    </>
  );
}

function renderSeries() {
  renderRoutes([{ path: '/', Component: Harness }]);
  return () => document.querySelector('video')!;
}

/** The chapter plays to its end. */
function end(video: HTMLVideoElement) {
  act(() => {
    Object.defineProperty(video, 'paused', { value: true, configurable: true });
    video.dispatchEvent(new Event('pause'));
    video.dispatchEvent(new Event('ended'));
  });
}

let play: ReturnType<typeof fakeMedia>;
beforeEach(() => {
  saveTokens({ accessToken: 'tok', userId: 7 });
  play = fakeMedia();
});
afterEach(() => {
  window.dispatchEvent(new Event('pagehide'));
});

describe('CoursePlayer (video series)', () => {
  it('plays the next playable chapter by itself when one ends, in a new listen record, and stops before a locked one', async () => {
    const { calls } = mockFetch(routes());
    const video = renderSeries();
    await userEvent.click(await screen.findByTestId('video-play', undefined, T));
    await waitFor(() => expect(video().getAttribute('src')).toBe('/v1/media/play/101/master.m3u8?s=1'), T);
    expect(screen.getByTestId('selected').textContent).toBe('101');
    const playsBefore = play.mock.calls.length;

    end(video());
    // No tap: chapter 2 is authorised, put on the element and played.
    await waitFor(() => expect(video().getAttribute('src')).toBe('/v1/media/play/102/master.m3u8?s=1'), T);
    expect(screen.getByTestId('selected').textContent).toBe('102');
    await waitFor(() => expect(play.mock.calls.length).toBeGreaterThan(playsBefore), T);
    await waitFor(() => expect(screen.getByTestId('video-player').getAttribute('data-status')).toBe('playing'), T);
    expect(calls.filter((c) => c.path === '/v1/courses/40/play_auth').map((c) => c.url.searchParams.get('chapterId'))).toEqual(['101', '102']);

    // Chapter 1's record was closed and chapter 2 opened one of its own.
    const reports = () => calls.filter((c) => c.path === '/v1/courses/40/listenV3').map((c) => c.body as ListenReport);
    await waitFor(() => expect(reports().some((r) => r.chapterId === 102 && r.event === 'start')).toBe(true), T);
    const first = reports().filter((r) => r.chapterId === 101);
    expect(first.map((r) => r.event)).toEqual(['start', 'exit']);
    expect(reports().find((r) => r.chapterId === 102)!.recordId).not.toBe(first[0]!.recordId);
    // Each chapter's reports carry the play session of that chapter's play_auth (decision 016).
    expect(reports().every((r) => r.playSession === `ps-chapter-session-${r.chapterId}`)).toBe(true);

    // Chapter 3 is locked: the series stops at the end of chapter 2 instead of asking for it.
    end(video());
    await waitFor(() => expect(screen.getByTestId('video-player').getAttribute('data-status')).toBe('ended'), T);
    expect(screen.getByTestId('selected').textContent).toBe('102');
    expect(calls.filter((c) => c.path === '/v1/courses/40/play_auth')).toHaveLength(2);
  });
});
