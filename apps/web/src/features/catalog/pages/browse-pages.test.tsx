import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, mockFetch, type Call } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { courseCard, coursePage } from '../../../../test/course-fixtures.ts';
import { saveTokens } from '../../../lib/auth-store.ts';

const subjects = [
  { subjectId: 1, name: '银行合规', icon: '', courseCount: 12 },
  { subjectId: 2, name: '反洗钱', icon: '', courseCount: 8 },
  { subjectId: 3, name: '信贷担保', icon: '', courseCount: 5 },
];
const listQueries = (calls: Call[]) =>
  calls.filter((c) => c.path === '/v1/courses/list').map((c) => Object.fromEntries(c.url.searchParams));

describe('discovery page', () => {
  it('shows subjects, hot tags, member deals and the popular feed', async () => {
    const { calls } = mockFetch({
      '/v1/subjects': () => envelope(subjects),
      '/v1/tags/hot': () => envelope([{ tagId: 5, tagName: '票据', courseCount: 9 }]),
      '/v1/courses/special_vip': () => envelope([courseCard(90, { vipPriceYuan: '99.00', name: '会员特价课' })]),
      '/v1/courses/list': () => envelope(coursePage(1, 4, 4)),
    });
    renderApp('/discovery');
    const entries = await screen.findAllByTestId('subject-entry', undefined, { timeout: 5000 });
    expect(entries[1]?.getAttribute('href')).toBe('/classification?subjectId=2');
    expect((await screen.findByTestId('hot-tag')).getAttribute('href')).toBe('/tagResult?tagId=5&tagName=%E7%A5%A8%E6%8D%AE');
    expect(await screen.findByText('会员特价课')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('course-list')).getAllByTestId('course-card')).toHaveLength(4));
    expect(listQueries(calls)[0]).toMatchObject({ sort: 'popular', pageIndex: '1' });
    // The bottom tab bar is there: discovery is a main tab.
    expect(screen.getByRole('link', { name: /发现/ })).toBeTruthy();
  });
});

describe('tag result page', () => {
  it('lists the courses of the tag under its name', async () => {
    const { calls } = mockFetch({ '/v1/courses/list': () => envelope(coursePage(1, 3, 3)) });
    renderApp('/tagResult?tagId=5&tagName=票据');
    expect(await screen.findAllByTestId('course-card', undefined, { timeout: 5000 })).toHaveLength(3);
    expect(screen.getByRole('heading', { name: '#票据' })).toBeTruthy();
    expect(listQueries(calls)[0]).toMatchObject({ tagId: '5' });
  });

  it('explains a broken link instead of listing everything', async () => {
    const { calls } = mockFetch({});
    renderApp('/tagResult?tagId=abc');
    expect(await screen.findByText('这个标签不存在', undefined, { timeout: 5000 })).toBeTruthy();
    expect(calls.some((c) => c.path === '/v1/courses/list')).toBe(false);
  });
});

describe('subscription page', () => {
  it('asks a visitor to log in', async () => {
    mockFetch({ '/v1/subjects': () => envelope(subjects) });
    renderApp('/subscription');
    expect(await screen.findByText('您还没有登录', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('saves the picked subjects and then shows their courses', async () => {
    saveTokens({ accessToken: 'token-1', userId: 1 });
    let stored: number[] = [1];
    const { calls } = mockFetch({
      '/v1/subjects': () => envelope(subjects),
      'GET /v1/users/me/subscriptions': () => envelope({ subjectIds: stored }),
      'PUT /v1/users/me/subscriptions': (call) => {
        stored = (call.body as { subjectIds: number[] }).subjectIds;
        return envelope({ subjectIds: stored });
      },
      '/v1/courses/list': (call) => envelope(coursePage(Number(call.url.searchParams.get('subjectId')) * 10, 2, 2)),
    });
    renderApp('/subscription');
    const user = userEvent.setup();
    const compliance = await screen.findByRole('button', { name: /银行合规/, pressed: true }, { timeout: 5000 });
    expect(compliance).toBeTruthy();
    await screen.findByRole('region', { name: '订阅学科的课程' });

    await user.click(screen.getByRole('button', { name: /反洗钱/, pressed: false }));
    await user.click(screen.getByRole('button', { name: /银行合规/, pressed: true }));
    await user.click(screen.getByRole('button', { name: '保存订阅（1）' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ subjectIds: [2] }));
    const followed = await screen.findByRole('region', { name: '订阅学科的课程' });
    await waitFor(() => expect(within(followed).getByRole('tab', { name: '反洗钱' })).toBeTruthy());
    expect(within(followed).queryByRole('tab', { name: '银行合规' })).toBeNull();
    await waitFor(() => expect(listQueries(calls).at(-1)).toMatchObject({ subjectId: '2' }));
    expect(screen.queryByRole('button', { name: /保存订阅/ })).toBeNull();
  });
});

describe('select courses page', () => {
  it('switches the course list with the subject sidebar', async () => {
    const { calls } = mockFetch({
      '/v1/subjects': () => envelope(subjects),
      '/v1/courses/list': (call) => envelope(coursePage(call.url.searchParams.get('subjectId') === '3' ? 30 : 1, 2, 2)),
    });
    const app = renderApp('/selectCourses');
    await screen.findAllByTestId('course-card', undefined, { timeout: 5000 });
    await userEvent.click(within(screen.getByRole('navigation', { name: '学科' })).getByRole('button', { name: '信贷担保' }));
    await waitFor(() => expect(screen.getAllByTestId('course-card')[0]?.getAttribute('href')).toBe('/course/detail?courseId=30'));
    expect(app.location()).toBe('/selectCourses?subjectId=3');
    expect(listQueries(calls).at(-1)).toMatchObject({ subjectId: '3' });
  });
});
