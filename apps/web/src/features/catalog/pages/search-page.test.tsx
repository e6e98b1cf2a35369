import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, type Call } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { courseCard, coursePage } from '../../../../test/course-fixtures.ts';
import { saveTokens } from '../../../lib/auth-store.ts';
import { StorageKeys } from '../../../lib/storage.ts';

const hot = [
  { keyword: '反洗钱', hot: true },
  { keyword: '票据', hot: false },
];

const searchRoutes = () => ({
  '/v1/search/hot': () => envelope(hot),
  '/v1/courses/list': (call: Call) => {
    const keyword = call.url.searchParams.get('keyword') ?? '';
    if (keyword === '无结果') return envelope({ rows: [], total: 0 });
    return envelope({ rows: [courseCard(1, { name: `${keyword}实务` }), courseCard(2)], total: 2 });
  },
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('search page', () => {
  it('searches, remembers the keyword newest first, and searches again from history', async () => {
    window.localStorage.setItem(StorageKeys.SEARCH_HISTORY, JSON.stringify(['信贷', '担保']));
    const { calls } = mockFetch(searchRoutes());
    const app = renderApp('/search');
    const user = userEvent.setup();

    const historyBox = await screen.findByTestId('search-history', undefined, { timeout: 5000 });
    expect(within(historyBox).getAllByRole('button').map((b) => b.textContent)).toEqual(['', '信贷', '担保']);
    expect(await screen.findByTestId('hot-searches')).toBeTruthy();

    await user.type(screen.getByLabelText('搜索关键词'), '  票据  业务 {Enter}');
    expect(await screen.findByText('票据 业务实务')).toBeTruthy();
    expect(app.location()).toBe('/search?keyword=%E7%A5%A8%E6%8D%AE+%E4%B8%9A%E5%8A%A1');
    expect(calls.find((c) => c.path === '/v1/courses/list')?.url.searchParams.get('keyword')).toBe('票据 业务');
    expect(JSON.parse(window.localStorage.getItem(StorageKeys.SEARCH_HISTORY) ?? '[]')).toEqual(['票据 业务', '信贷', '担保']);
    expect(screen.getByText(/找到/).textContent).toContain('2');

    // A hot keyword from a fresh visit also goes to the top of the history.
    await act(() => app.router.navigate('/search'));
    await user.click(within(await screen.findByTestId('hot-searches')).getByRole('button', { name: /反洗钱/ }));
    expect(await screen.findByText('反洗钱实务')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(StorageKeys.SEARCH_HISTORY) ?? '[]')[0]).toBe('反洗钱');
  });

  it('clears the history after a confirmation', async () => {
    window.localStorage.setItem(StorageKeys.SEARCH_HISTORY, JSON.stringify(['信贷']));
    mockFetch(searchRoutes());
    renderApp('/search');
    const user = userEvent.setup();
    await screen.findByTestId('search-history', undefined, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: '清空搜索历史' }));
    await user.click(screen.getByRole('button', { name: '确认清空' }));
    expect(screen.queryByTestId('search-history')).toBeNull();
    expect(window.localStorage.getItem(StorageKeys.SEARCH_HISTORY)).toBeNull();
  });

  it('says so when nothing matches', async () => {
    mockFetch(searchRoutes());
    renderApp('/search?keyword=无结果');
    expect(await screen.findByText('没有找到相关课程', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('restores the list and the scroll position on coming back from a course page', async () => {
    saveTokens({ accessToken: 'token-1', userId: 1 });
    const { calls } = mockFetch({ ...searchRoutes(), '/v1/courses/list': () => envelope(coursePage(1, 10, 30)) });
    const app = renderApp('/search?keyword=票据');
    const cards = await screen.findAllByTestId('course-card', undefined, { timeout: 5000 });

    // The learner scrolled down the list, then opens a course.
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(640);
    window.dispatchEvent(new Event('scroll'));
    await userEvent.click(cards[5] as HTMLElement);
    await waitFor(() => expect(app.location()).toBe('/course/detail?courseId=6'));
    const saved = JSON.parse(window.sessionStorage.getItem('list_memory_search') ?? '{}');
    expect(saved).toMatchObject({ params: { keyword: '票据' }, scrollY: 640, toCourse: true });

    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const listCallsBefore = calls.filter((c) => c.path === '/v1/courses/list').length;
    await act(() => app.router.navigate(-1));
    // The rows are there at once, from the cache, and the page goes back to where it was.
    expect(screen.getAllByTestId('course-card')).toHaveLength(10);
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 640));
    expect(calls.filter((c) => c.path === '/v1/courses/list').length - listCallsBefore).toBeLessThanOrEqual(1);
  });

  it('starts at the top on a fresh visit even after an earlier trip to a course', async () => {
    window.sessionStorage.setItem(
      'list_memory_search',
      JSON.stringify({ params: { keyword: '票据' }, scrollY: 640, locationKey: 'old-entry', toCourse: true }),
    );
    mockFetch(searchRoutes());
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const app = renderApp('/search');
    await screen.findByTestId('hot-searches', undefined, { timeout: 5000 });
    expect(app.location()).toBe('/search');
    expect(scrollTo).not.toHaveBeenCalledWith(0, 640);
  });
});

describe('corporate search page', () => {
  it('searches inside the corporate and lists its courses before a search', async () => {
    const { calls } = mockFetch({
      ...searchRoutes(),
      '/v1/courses/query/corporates_vip/type': () => envelope(coursePage(40, 2, 2)),
    });
    renderApp('/corSearch?corporateId=7');
    await screen.findAllByTestId('course-card', undefined, { timeout: 5000 });
    expect(calls.find((c) => c.path === '/v1/courses/query/corporates_vip/type')?.url.searchParams.get('corporateId')).toBe('7');
    expect(calls.some((c) => c.path === '/v1/search/hot')).toBe(false);

    await userEvent.type(screen.getByLabelText('搜索关键词'), '授信{Enter}');
    expect(await screen.findByText('授信实务')).toBeTruthy();
    const search = calls.filter((c) => c.path === '/v1/courses/list').at(-1);
    expect(Object.fromEntries(search?.url.searchParams ?? [])).toMatchObject({ keyword: '授信', corporateId: '7' });
  });

  it('tells a learner in no corporate so, and sends a search to the whole catalogue', async () => {
    const { calls } = mockFetch(searchRoutes());
    const app = renderApp('/corSearch');
    expect(await screen.findByText('您还没有加入企业', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '搜索全部课程' }).getAttribute('href')).toContain('/search');
    expect(calls.some((c) => c.path === '/v1/courses/query/corporates_vip/type')).toBe(false);

    await userEvent.type(screen.getByLabelText('搜索关键词'), '票据{Enter}');
    await waitFor(() => expect(app.location()).toBe('/search?keyword=%E7%A5%A8%E6%8D%AE'));
    expect(await screen.findByText('票据实务')).toBeTruthy();
  });
});
