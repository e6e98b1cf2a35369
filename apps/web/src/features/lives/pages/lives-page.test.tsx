import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveCard } from '@jinfa/shared/schemas';
import { envelope, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { connectRouter } from '../../../lib/session.ts';

const T = { timeout: 5000 };

function live(liveId: number, status: number, startAt: Date, title: string): LiveCard {
  return {
    liveId,
    title,
    cover: '',
    lecturerName: '钱老师',
    lecturerPosition: '合规总监',
    lecturerAvatar: '',
    startAt: startAt.toISOString(),
    endAt: new Date(startAt.getTime() + 3_600_000).toISOString(),
    status,
    price: 0,
    priceYuan: '0.00',
    signupCount: 42,
  };
}

const now = new Date();
const at = (days: number, hour: number) => {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hour, 30);
  return d;
};

beforeEach(() => {
  // Only Date is faked: timers stay real so the page can load.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(now.getFullYear(), now.getMonth(), now.getDate(), 9, 0) });
});
afterEach(() => {
  vi.useRealTimers();
  connectRouter(null);
});

describe('/lives', () => {
  it('badges upcoming lives with 今天/明天/后天 and a live one with 直播中', async () => {
    mockFetch({
      '/v1/lives': (call) =>
        call.url.searchParams.get('scope') === 'past'
          ? envelope({ rows: [live(9, 5, at(-3, 14), '往期：反洗钱新规'), live(8, 4, at(-5, 14), '往期：票据')], total: 2 })
          : envelope({
              rows: [
                live(1, 3, at(0, 8), '正在直播：信贷合规'),
                live(2, 2, at(0, 19), '今晚：消保新规'),
                live(3, 2, at(1, 10), '明天：担保物权'),
                live(4, 2, at(2, 10), '后天：数据合规'),
              ],
              total: 4,
            }),
    });
    const { location } = renderApp('/lives');
    const list = await screen.findByTestId('lives-upcoming', undefined, T);
    const cards = within(list).getAllByTestId('live-card');
    expect(cards.map((c) => within(c).getByTestId('live-badge').textContent)).toEqual(['直播中', '未开始', '未开始', '未开始']);
    expect(within(cards[1]!).getByText('今天 19:30')).toBeTruthy();
    expect(within(cards[2]!).getByText('明天 10:30')).toBeTruthy();
    expect(within(cards[3]!).getByText('后天 10:30')).toBeTruthy();
    expect(cards[0]!.getAttribute('href')).toBe('/live/course?id=1');

    await userEvent.click(screen.getByRole('tab', { name: '往期回放' }));
    await waitFor(() => expect(location()).toBe('/lives?scope=past'), T);
    const past = await screen.findByTestId('lives-past', undefined, T);
    expect(within(past).getAllByTestId('live-badge').map((b) => b.textContent)).toEqual(['可回放', '已结束']);
  });

  it('shows the empty state when no live is planned', async () => {
    mockFetch({ '/v1/lives': () => envelope({ rows: [], total: 0 }) });
    renderApp('/lives');
    expect(await screen.findByText('暂无即将开始的直播', undefined, T)).toBeTruthy();
  });
});

describe('/passLives', () => {
  it('lists past lives with replay marks', async () => {
    const { calls } = mockFetch({ '/v1/lives': () => envelope({ rows: [live(9, 5, at(-3, 14), '往期：反洗钱新规')], total: 1 }) });
    renderApp('/passLives');
    const badge = await screen.findByTestId('live-badge', undefined, T);
    expect(badge.textContent).toBe('可回放');
    expect(calls[0]?.url.searchParams.get('scope')).toBe('past');
  });
});
