import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseCard } from '@jinfa/shared/schemas';
import type { ListenBucket, ListenRecordItem, ListenReport } from '@jinfa/shared/learning-record-schemas';
import { courseCard } from '../../../../test/course-fixtures.ts';
import { envelope, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { saveTokens } from '../../../lib/auth-store.ts';
import { connectRouter } from '../../../lib/session.ts';
import { chinaDay } from '../lib/stats.ts';

const T = { timeout: 5000 };

function card(courseId: number, name: string): CourseCard {
  return courseCard(courseId, {
    name,
    lecturerName: '周律师',
    price: 0,
    priceYuan: '0.00',
    originalPrice: 0,
    isFree: true,
    courseLevel: 1,
    learnersCount: 5,
    durationSeconds: 1800,
    chapterCount: 0,
    tags: [],
  });
}

function record(courseId: number, name: string, over: Partial<ListenRecordItem> = {}): ListenRecordItem {
  return {
    course: card(courseId, name),
    chapterId: null,
    chapterTitle: '',
    position: 125,
    duration: 1800,
    progressPercent: 6,
    finished: false,
    playedSeconds: 750,
    minutes: 12.5,
    lastListenedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    ...over,
  };
}

const today = chinaDay(Date.now());
const year = Number(today.slice(0, 4));

function report(buckets: ListenBucket[], over: Partial<ListenReport> = {}): ListenReport {
  return {
    year,
    dateType: 1,
    totals: { seconds: 5400, minutes: 90, activeDays: 4, coursesStarted: 3, coursesFinished: 1, longestStreak: 2 },
    buckets,
    topSubjects: [{ subjectId: 1, name: '反洗钱', seconds: 3600, minutes: 60 }],
    topCourses: [{ courseId: 9, name: '反洗钱法要点', seconds: 3600, minutes: 60 }],
    ...over,
  };
}

const months = (minutesByMonth: Record<number, number>): ListenBucket[] =>
  Array.from({ length: 12 }, (_, i) => {
    const m = minutesByMonth[i + 1] ?? 0;
    return { key: `${year}-${String(i + 1).padStart(2, '0')}`, label: `${i + 1}月`, seconds: m * 60, minutes: m };
  });

beforeEach(() => saveTokens({ accessToken: 'tok', userId: 7 }));
afterEach(() => {
  connectRouter(null);
  vi.unstubAllGlobals();
});

describe('/record/studyRecord', () => {
  it('lists my listened courses with where I stopped and a continue button; a swipe removes one', async () => {
    let hidden = false;
    const { calls } = mockFetch({
      '/v1/courses/listen_record_list': () => {
        const rows = [record(1, '授信合规实务', { chapterTitle: '第2讲 尽职调查', progressPercent: 40 }), record(2, '票据法基础', { finished: true, progressPercent: 100 })];
        const visible = hidden ? rows.slice(1) : rows;
        return envelope({ rows: visible, total: visible.length });
      },
      'POST /v1/courses/1/hide_listen': () => {
        hidden = true;
        return envelope({ courseId: 1, hidden: true });
      },
    });
    renderApp('/record/studyRecord');
    expect(await screen.findByText('授信合规实务', undefined, T)).toBeTruthy();
    const rows = screen.getAllByTestId('listen-record');
    expect(within(rows[0]!).getByText('第2讲 尽职调查 · 学到 02:05')).toBeTruthy();
    expect(within(rows[0]!).getByText('已学 40%')).toBeTruthy();
    expect(within(rows[0]!).getByText('收听 12.5分钟')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: '继续学习' }).getAttribute('href')).toBe('/course/detail?courseId=1');
    expect(within(rows[1]!).getByRole('link', { name: '再学一遍' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '学习记录' }).getAttribute('aria-current')).toBe('page');

    const swipe = rows[0]!.closest('.adm-swipe-action');
    expect(swipe).not.toBeNull();
    fireEvent.click(within(swipe as HTMLElement).getByText('删除'));
    await waitFor(() => expect(screen.queryByText('授信合规实务')).toBeNull(), T);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/courses/1/hide_listen')).toBe(true);
  });

  it('shows the empty state', async () => {
    mockFetch({ '/v1/courses/listen_record_list': () => envelope({ rows: [], total: 0 }) });
    renderApp('/record/studyRecord');
    expect(await screen.findByText('还没有学习记录', undefined, T)).toBeTruthy();
  });
});

describe('/record/studyStats', () => {
  it('charts daily and weekly minutes from the day buckets', async () => {
    const days: ListenBucket[] = [{ key: today, label: '', seconds: 600, minutes: 10 }];
    const { calls } = mockFetch({
      '/v1/courses/listen_report/by_year': (call) =>
        envelope(report(call.url.searchParams.get('year') === String(year) ? days : [], { dateType: 3, totals: { seconds: 600, minutes: 10, activeDays: 1, coursesStarted: 1, coursesFinished: 0, longestStreak: 1 } })),
    });
    renderApp('/record/studyStats');
    const totals = await screen.findByTestId('study-stats-totals', undefined, T);
    expect(within(totals).getByText('今日').nextElementSibling?.textContent).toBe('10分钟');
    expect(within(totals).getByText('连续学习').nextElementSibling?.textContent).toBe('1天');
    expect(within(screen.getByTestId('chart-daily')).getByRole('img').getAttribute('aria-label')).toContain('今天10分钟');
    expect(within(screen.getByTestId('chart-weekly')).getByRole('img').getAttribute('aria-label')).toContain('本周10分钟');
    expect(calls.find((c) => c.path === '/v1/courses/listen_report/by_year')?.url.searchParams.get('dateType')).toBe('3');
    expect(screen.getByRole('link', { name: new RegExp(`查看 ${year} 年度学习报告`) }).getAttribute('href')).toBe('/userCenter/listenReport');
  });
});

describe('/record/shareStats', () => {
  it('shows my share totals and the courses I shared', async () => {
    mockFetch({
      '/v1/courses/share_stats': () =>
        envelope({
          totals: { shares: 3, courses: 2, session: 1, timeline: 1, poster: 1, link: 0 },
          rows: [{ course: card(4, '反洗钱法要点'), shares: 2, lastSharedAt: '2026-03-10T02:00:00.000Z' }],
          total: 1,
        }),
    });
    renderApp('/record/shareStats');
    const totals = await screen.findByTestId('share-totals', undefined, T);
    expect(within(totals).getByText('分享次数').nextElementSibling?.textContent).toBe('3次');
    expect(screen.getByText('另有海报 1 次、链接 0 次')).toBeTruthy();
    expect(screen.getByRole('link', { name: '反洗钱法要点' }).getAttribute('href')).toBe('/course/detail?courseId=4');
    expect(screen.getByText('2 次 · 3月10日')).toBeTruthy();
  });
});

describe('/userCenter/listenReport', () => {
  it('shows the year, switches years, exports the CSV and opens the printable page', async () => {
    const { calls } = mockFetch({
      '/v1/courses/listen_report/by_year': (call) =>
        envelope(call.url.searchParams.get('year') === String(year) ? report(months({ 3: 90 })) : report(months({}), { year: year - 1, totals: { seconds: 0, minutes: 0, activeDays: 0, coursesStarted: 0, coursesFinished: 0, longestStreak: 0 }, topSubjects: [], topCourses: [] })),
      '/v1/courses/listen_report/export.csv': () => new Response('\uFEFF日期,学员\r\n', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
      '/v1/users/me': () => envelope({ name: '王小明', nickname: '小明', mobile: '13712345678', company: '临江城市商业银行' }),
    });
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { location } = renderApp('/userCenter/listenReport');
    const totals = await screen.findByTestId('report-totals', undefined, T);
    expect(within(totals).getByText('学习分钟').nextElementSibling?.textContent).toBe('90分');
    expect(within(totals).getByText('学完课程').nextElementSibling?.textContent).toBe('1门');
    expect(screen.getByTestId('report-headline').textContent).toBe('全年学习 1小时30分');
    expect(within(screen.getByTestId('chart-monthly')).getByRole('img').getAttribute('aria-label')).toContain('3月90分钟');
    expect(screen.getByText('反洗钱')).toBeTruthy();

    await userEvent.click(screen.getByTestId('export-csv'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled(), T);
    const exportCall = calls.find((c) => c.path === '/v1/courses/listen_report/export.csv');
    expect(exportCall?.url.searchParams.get('year')).toBe(String(year));
    expect(exportCall?.headers['access-token']).toBe('tok');

    await userEvent.click(screen.getByRole('button', { name: '上一年' }));
    expect(await screen.findByText('这一年还没有学习记录', undefined, T)).toBeTruthy();
    expect(location()).toBe(`/userCenter/listenReport?year=${year - 1}`);
    expect(screen.getByRole('button', { name: '下一年' })).toBeTruthy();

    await userEvent.click(screen.getByTestId('print-view'));
    const sheet = await screen.findByTestId('print-report', undefined, T);
    expect(within(sheet).getByText(`${year - 1} 年度学习时长证明`)).toBeTruthy();
    await waitFor(() => expect(within(sheet).getByText('王小明')).toBeTruthy(), T);
    expect(within(sheet).getByText('137****5678')).toBeTruthy();
  });
});

describe('visitors', () => {
  it.each(['/record/studyRecord', '/record/studyStats', '/record/shareStats', '/userCenter/listenReport'])('%s asks a visitor to log in', async (path) => {
    window.localStorage.clear();
    const { calls } = mockFetch({});
    renderApp(path);
    expect(await screen.findByRole('link', { name: '去登录' }, T)).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/v1/courses/'))).toEqual([]);
  });
});

describe('/mycourses continue learning', () => {
  it('shows the course I listened to last with its progress', async () => {
    mockFetch({
      '/v1/courses/mine': () => envelope({ rows: [], total: 0 }),
      '/v1/courses/listen_record_list': () => envelope({ rows: [record(5, '商业银行合规入门', { progressPercent: 35 })], total: 3 }),
    });
    renderApp('/mycourses');
    const strip = await screen.findByTestId('continue-learning', undefined, T);
    expect(within(strip).getByText('商业银行合规入门')).toBeTruthy();
    expect(within(strip).getByText('35%')).toBeTruthy();
    expect(within(strip).getByRole('link', { name: /商业银行合规入门/ }).getAttribute('href')).toBe('/course/detail?courseId=5');
    expect(within(strip).getByRole('link', { name: '学习记录 ›' }).getAttribute('href')).toBe('/record/studyRecord');
  });

  it('shows nothing without a listen record', async () => {
    mockFetch({
      '/v1/courses/mine': () => envelope({ rows: [], total: 0 }),
      '/v1/courses/listen_record_list': () => envelope({ rows: [], total: 0 }),
    });
    renderApp('/mycourses');
    expect(await screen.findByText('还没有在学的课程', undefined, T)).toBeTruthy();
    expect(screen.queryByTestId('continue-learning')).toBeNull();
  });
});
