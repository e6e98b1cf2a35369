import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CourseCard, CourseFolder } from '@jinfa/shared/schemas';
import { courseCard } from '../../../../test/course-fixtures.ts';
import { envelope, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { saveTokens } from '../../../lib/auth-store.ts';
import { connectRouter } from '../../../lib/session.ts';

const T = { timeout: 5000 };

function card(courseId: number, name: string): CourseCard {
  return courseCard(courseId, {
    name,
    lecturerName: '孙老师',
    lecturerPosition: '律师',
    price: 9900,
    priceYuan: '99.00',
    originalPrice: 9900,
    courseLevel: 1,
    learnersCount: 5,
    durationSeconds: 600,
    chapterCount: 0,
    tags: [],
  });
}

const recent = new Date(Date.now() - 3 * 3_600_000).toISOString();

beforeEach(() => saveTokens({ accessToken: 'tok', userId: 7 }));
afterEach(() => connectRouter(null));

describe('/mycourses', () => {
  it('keeps the tab in the address: 学习中 then 已购', async () => {
    const { calls } = mockFetch({
      '/v1/courses/mine': (call) =>
        call.url.searchParams.get('cur') === '1'
          ? envelope({ rows: [{ course: card(2, '已购：票据法实务'), at: recent }], total: 1 })
          : envelope({ rows: [{ course: card(1, '在学：授信合规'), at: recent }], total: 1 }),
    });
    const { location } = renderApp('/mycourses');
    expect(await screen.findByText('在学：授信合规', undefined, T)).toBeTruthy();
    expect(screen.getByText('最近学习 · 3小时前')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '学习中' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: '已购' }));
    expect(await screen.findByText('已购：票据法实务', undefined, T)).toBeTruthy();
    expect(location()).toBe('/mycourses?cur=1');
    expect(calls.filter((c) => c.path === '/v1/courses/mine').map((c) => c.url.searchParams.get('cur'))).toEqual(['0', '1']);
    expect(screen.getByRole('link', { name: /我的收藏/ }).getAttribute('href')).toBe('/userCenter/myCollection');
  });

  it('opens on 已购 from ?cur=1 and shows the empty state', async () => {
    mockFetch({ '/v1/courses/mine': () => envelope({ rows: [], total: 0 }) });
    renderApp('/mycourses?cur=1');
    expect(await screen.findByText('还没有已购课程', undefined, T)).toBeTruthy();
    expect(screen.getByRole('tab', { name: '已购' }).getAttribute('aria-selected')).toBe('true');
  });

  it('asks a visitor to log in', async () => {
    window.localStorage.clear();
    mockFetch({});
    renderApp('/mycourses');
    expect(await screen.findByRole('link', { name: '去登录' }, T)).toBeTruthy();
  });
});

describe('/userCourses', () => {
  it('shows a folder per subject leading to its courses', async () => {
    const folder: CourseFolder = { subjectId: 3, name: '银行合规', icon: '', courseCount: 2, covers: [] };
    const { calls } = mockFetch({
      '/v1/courses/mine/folders': () => envelope([folder]),
      '/v1/courses/mine': () => envelope({ rows: [{ course: card(5, '合规一课'), at: recent }], total: 1 }),
    });
    renderApp('/userCourses');
    const item = await screen.findByTestId('course-folder', undefined, T);
    expect(within(item).getByText('2门课程')).toBeTruthy();
    await userEvent.click(item);
    expect(await screen.findByText('合规一课', undefined, T)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '银行合规' })).toBeTruthy();
    const mine = calls.find((c) => c.path === '/v1/courses/mine');
    expect(mine?.url.searchParams.get('subjectId')).toBe('3');
    expect(mine?.url.searchParams.get('cur')).toBe('1');
  });
});

describe('/userCenter/myCollection', () => {
  it('removes a favourite with the swipe action', async () => {
    let rows = [
      { favoriteId: 1, createdAt: recent, course: card(1, '收藏一') },
      { favoriteId: 2, createdAt: recent, course: card(2, '收藏二') },
    ];
    const { calls } = mockFetch({
      '/v1/favorites/list': () => envelope({ rows, total: rows.length }),
      'DELETE /v1/favorites/1': () => {
        rows = rows.filter((r) => r.course.courseId !== 1);
        return envelope({ favorite: false });
      },
    });
    renderApp('/userCenter/myCollection');
    expect(await screen.findByText('收藏一', undefined, T)).toBeTruthy();
    expect(screen.getByText('共2门课程 · 左滑或长按可取消收藏')).toBeTruthy();
    const first = screen.getAllByTestId('favorite-item')[0]!.closest('.adm-swipe-action') as HTMLElement;
    await userEvent.click(within(first).getByRole('button', { name: '取消收藏' }));
    await waitFor(() => expect(screen.queryByText('收藏一')).toBeNull(), T);
    expect(screen.getByText('收藏二')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/favorites/1')).toBe(true);
  });

  it('puts the row back when removal fails', async () => {
    mockFetch({
      '/v1/favorites/list': () => envelope({ rows: [{ favoriteId: 1, createdAt: recent, course: card(1, '收藏一') }], total: 1 }),
      'DELETE /v1/favorites/1': () => envelope(null, -50000, '服务器异常', 500),
    });
    renderApp('/userCenter/myCollection');
    const row = (await screen.findByTestId('favorite-item', undefined, T)).closest('.adm-swipe-action') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: '取消收藏' }));
    expect(await screen.findByText('取消收藏失败，请稍后重试', undefined, T)).toBeTruthy();
    expect(screen.getByText('收藏一')).toBeTruthy();
  });

  it('shows the empty state with a way to find courses', async () => {
    mockFetch({ '/v1/favorites/list': () => envelope({ rows: [], total: 0 }) });
    renderApp('/userCenter/myCollection');
    expect(await screen.findByText('还没有收藏课程', undefined, T)).toBeTruthy();
  });

  it('narrows /userCenter/collectionDetail to one subject', async () => {
    const { calls } = mockFetch({ '/v1/favorites/list': () => envelope({ rows: [], total: 0 }) });
    renderApp('/userCenter/collectionDetail?subjectId=3');
    expect(await screen.findByText('还没有收藏课程', undefined, T)).toBeTruthy();
    expect(calls[0]?.url.searchParams.get('subjectId')).toBe('3');
  });
});
