import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, operator, renderApp } from './support';

describe('dashboard', () => {
  // The page is a lazy chunk; load it before the clock of the first assertion starts.
  beforeAll(() => import('../src/features/dashboard'), 30_000);

  it('shows the totals in yuan and hours, asks for 7 days first, and switches the range', async () => {
    const { calls } = mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('finance'), csrfToken: 't' } },
      'GET /v1/admin/dashboard': ({ url }) => ({
        code: 0,
        data: {
          totals: { salesFen: url.includes('days=30') ? 9900000 : 123450, orders: 12, paidOrders: 10, newLearners: 5, learningSeconds: 5400, refundsFen: 500 },
          series: [],
          topCourses: [{ courseId: 3, title: '票据法实务', orders: 4, salesFen: 39600 }],
          waiting: { profiles: 6, refunds: 2, anomalies: 1 },
        },
      }),
    });
    renderApp('/admin/');
    expect(await screen.findByText('¥1,234.50')).toBeTruthy();
    expect(screen.getByText('学习时长').closest('.ant-card')!.textContent).toContain('1.5小时');
    expect(screen.getByText('退款 ¥5.00')).toBeTruthy();
    expect(screen.getByText('票据法实务')).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/v1/admin/dashboard'))!.url).toBe('/v1/admin/dashboard?days=7');
    // Finance handles refunds and anomalies, not profiles: only those two are links.
    expect(screen.getByRole('link', { name: /待处理退款/ }).getAttribute('href')).toBe('/admin/refunds');
    expect(screen.getByRole('link', { name: /支付异常：1 项/ }).getAttribute('href')).toBe('/admin/anomalies');
    expect(screen.queryByRole('link', { name: /待审核资料/ })).toBeNull();

    await userEvent.setup().click(screen.getByText('近30天'));
    expect(await screen.findByText('¥99,000.00')).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe('?days=30'));
  });
});
