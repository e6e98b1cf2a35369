import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, mockFetch, type Call } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { coursePage } from '../../../../test/course-fixtures.ts';

const subjects = [
  { subjectId: 1, name: '银行合规', icon: '', courseCount: 12 },
  { subjectId: 2, name: '反洗钱', icon: '', courseCount: 8 },
];

const listCalls = (calls: Call[]) => calls.filter((c) => c.path === '/v1/courses/list');
const lastQuery = (calls: Call[]) => Object.fromEntries(listCalls(calls).at(-1)?.url.searchParams ?? []);

describe('classification page', () => {
  it('honours the address filters and drops empty or invalid values', async () => {
    const { calls } = mockFetch({
      '/v1/subjects': () => envelope(subjects),
      '/v1/courses/list': () => envelope(coursePage(1, 3, 3)),
    });
    renderApp('/classification?listType=3&courseLevel=abc&isFree=&courseType=2&corporateId=NaN&suid=88');
    await screen.findAllByTestId('course-card', undefined, { timeout: 5000 });
    expect(lastQuery(calls)).toEqual({ listType: '3', courseType: '2', suid: '88', pageIndex: '1', pageSize: '10' });
    expect(screen.getByRole('heading', { name: '会员特价专区' })).toBeTruthy();
    // Tracking ids travel on to the course page.
    expect(screen.getAllByTestId('course-card')[0]?.getAttribute('href')).toBe('/course/detail?courseId=1&suid=88');
  });

  it('filters by 中高级 (courseLevel 6) and by subject, keeping them in the address', async () => {
    const { calls } = mockFetch({
      '/v1/subjects': () => envelope(subjects),
      '/v1/courses/list': (call) =>
        envelope(call.url.searchParams.get('courseLevel') === '6' ? coursePage(20, 2, 2) : coursePage(1, 5, 5)),
    });
    const app = renderApp('/classification');
    const user = userEvent.setup();
    await screen.findAllByTestId('course-card', undefined, { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: '难度' }));
    await user.click(within(screen.getByRole('listbox', { name: '难度' })).getByRole('option', { name: '中高级' }));
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(2));
    expect(lastQuery(calls).courseLevel).toBe('6');
    expect(app.location()).toBe('/classification?courseLevel=6');
    expect(screen.getByRole('button', { name: '中高级' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: '反洗钱' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ courseLevel: '6', subjectId: '2' }));
    expect(app.location()).toBe('/classification?courseLevel=6&subjectId=2');
  });

  it('loads the next page on demand and ends the list', async () => {
    const { calls } = mockFetch({
      '/v1/subjects': () => envelope(subjects),
      '/v1/courses/list': (call) =>
        envelope(call.url.searchParams.get('pageIndex') === '2' ? coursePage(11, 2, 12) : coursePage(1, 10, 12)),
    });
    renderApp('/classification');
    await screen.findAllByTestId('course-card', undefined, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(12));
    expect(screen.getByText('— 已经到底了 —')).toBeTruthy();
    expect(listCalls(calls).map((c) => c.url.searchParams.get('pageIndex'))).toEqual(['1', '2']);
  });

  it('shows an empty state that clears the filters', async () => {
    mockFetch({
      '/v1/subjects': () => envelope(subjects),
      '/v1/courses/list': (call) => envelope(call.url.searchParams.get('isFree') ? { rows: [], total: 0 } : coursePage(1, 2, 2)),
    });
    const app = renderApp('/classification?isFree=1&listType=1');
    expect(await screen.findByText('没有符合条件的课程', undefined, { timeout: 5000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    await screen.findAllByTestId('course-card');
    expect(app.location()).toBe('/classification?listType=1');
  });

  it('shows an error with a retry when the list cannot load', async () => {
    let fail = true;
    mockFetch({
      '/v1/subjects': () => envelope(subjects),
      '/v1/courses/list': () => {
        if (fail) throw new TypeError('Failed to fetch');
        return envelope(coursePage(1, 1, 1));
      },
    });
    renderApp('/classification');
    const retry = await screen.findByRole('button', { name: '重新加载' }, { timeout: 8000 });
    expect(screen.getByText('网络不可用，请检查网络后重试')).toBeTruthy();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findAllByTestId('course-card')).toHaveLength(1);
  });
});
