import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { courseCard as course } from '../../../../test/course-fixtures.ts';

const homeRoutes = (overrides: Record<string, () => Response> = {}) => ({
  '/v1/banners': () => envelope([{ bannerId: 1, title: '合规季', image: '/media/b1.jpg', linkType: 1, link: '7' }]),
  '/v1/courses/query/index/page/exhibition/type': () =>
    envelope([
      { type: 1, title: '基础会员专区', courses: [course(1, { memberFree: true }), course(2)] },
      { type: 4, title: '福利专区', courses: [] },
    ]),
  '/v1/courses/latest': () => envelope([course(3, { name: '票据业务新规解读' }), course(4, { durationSeconds: null })]),
  '/v1/courses/my_custom': () => envelope([course(5, { name: '为你挑的第一课' })]),
  ...overrides,
});

describe('home page', () => {
  it('shows banners, the zones, latest courses and picks, each course linking to its page', async () => {
    mockFetch(homeRoutes());
    renderApp('/');

    const latest = await screen.findByTestId('home-latest', undefined, { timeout: 5000 });
    await within(latest).findByText('票据业务新规解读');
    expect(within(latest).getByText('暂未更新')).toBeTruthy();

    // Empty zones are left out; the others show their courses.
    const zones = screen.getAllByTestId('home-zone');
    expect(zones).toHaveLength(1);
    expect(within(zones[0] as HTMLElement).getByText('会员免费')).toBeTruthy();

    const cards = screen.getAllByTestId('course-card');
    expect(cards.map((c) => c.getAttribute('href'))).toContain('/course/detail?courseId=3');
    expect(screen.getByTestId('home-banner').querySelector('a')?.getAttribute('href')).toBe('/course/detail?courseId=7');
    expect(await screen.findByText('为你挑的第一课')).toBeTruthy();
  });

  it('asks for a random batch of picks on 换一批', async () => {
    const { calls } = mockFetch(
      homeRoutes({
        '/v1/courses/my_custom': () => envelope([course(5, { name: `推荐${calls.length}` })]),
      }),
    );
    renderApp('/');
    const picks = await screen.findByTestId('home-picks', undefined, { timeout: 5000 });
    await within(picks).findAllByTestId('course-card');
    await userEvent.click(within(picks).getByRole('button', { name: /换一批/ }));
    await waitFor(() => {
      const custom = calls.filter((c) => c.path === '/v1/courses/my_custom');
      expect(custom.map((c) => c.url.searchParams.get('isRandom'))).toEqual(['0', '1']);
    });
  });

  it('offers a retry where a section failed to load, and recovers', async () => {
    let fail = true;
    mockFetch(
      homeRoutes({
        '/v1/courses/latest': () => {
          if (fail) throw new TypeError('Failed to fetch');
          return envelope([course(9, { name: '恢复后的新课' })]);
        },
      }),
    );
    renderApp('/');
    const latest = await screen.findByTestId('home-latest', undefined, { timeout: 5000 });
    const retry = await within(latest).findByRole('button', { name: '重试' }, { timeout: 5000 });
    fail = false;
    await userEvent.click(retry);
    expect(await within(latest).findByText('恢复后的新课')).toBeTruthy();
  });

  it('says the catalogue is coming when there is nothing to show', async () => {
    mockFetch(
      homeRoutes({
        '/v1/courses/query/index/page/exhibition/type': () => envelope([]),
        '/v1/courses/latest': () => envelope([]),
        '/v1/courses/my_custom': () => envelope([]),
      }),
    );
    renderApp('/');
    expect(await screen.findByText('课程正在上架中', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('home-picks')).toBeNull();
  });
});
