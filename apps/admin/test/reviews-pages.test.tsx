import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminAppraisalItem, AdminCommentItem } from '@jinfa/shared/admin-people-schemas';
import { mockApi, operator, renderApp } from './support';
import type { Call } from './support';

const T = Date.UTC(2026, 10, 20, 2, 0);
const session = { code: 0, data: { operator: operator('reviewer'), csrfToken: 'csrf-r' } };
const page = <T,>(items: T[]) => ({ code: 0, data: { items, total: items.length, page: 1, pageSize: 20 } });
const params = (c: Call) => Object.fromEntries(new URL(c.url, 'http://x').searchParams);

function appraisal(over: Partial<AdminAppraisalItem> = {}): AdminAppraisalItem {
  return {
    id: 21,
    courseId: 3,
    courseTitle: '商业银行法实务',
    userId: 5,
    userName: '张三',
    score: 4,
    content: '讲得很清楚',
    hidden: false,
    hiddenReason: '',
    hiddenAt: null,
    createdAt: T,
    updatedAt: T,
    ...over,
  };
}

function comment(over: Partial<AdminCommentItem> = {}): AdminCommentItem {
  return { id: 31, courseId: 3, courseTitle: '商业银行法实务', userId: 5, userName: '张三', content: '广告链接', hidden: true, hiddenReason: '广告', hiddenAt: T, createdAt: T, ...over };
}

describe('评价 pages', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await import('../src/features/reviews');
  }, 60_000);

  it('lists appraisals with stars; hiding asks a reason and the row shows hidden', async () => {
    let item = appraisal();
    const { calls } = mockApi({
      'GET /v1/admin/session': session,
      'GET /v1/admin/appraisals': () => page([item]),
      'POST /v1/admin/appraisals/21/hidden': (c) => {
        const body = c.body as { hidden: boolean; reason: string };
        item = { ...item, hidden: body.hidden, hiddenReason: body.reason, hiddenAt: T };
        return { code: 0, data: { id: 21, hidden: body.hidden, hiddenReason: body.reason } };
      },
    });
    renderApp('/admin/reviews');
    const row = (await screen.findByText('讲得很清楚')).closest('tr')!;
    expect(within(row).getByText('4 星')).toBeTruthy();
    expect(within(row).getByText('显示中')).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('review-toggle-21'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /隐\s*藏/ }));
    expect(await within(dialog).findByText('请填写隐藏原因')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('隐藏原因'), '含人身攻击');
    await user.click(within(dialog).getByRole('button', { name: /隐\s*藏/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ hidden: true, reason: '含人身攻击' }));
    expect(await screen.findByTestId('review-hidden-21')).toBeTruthy();
    expect(screen.getByTestId('review-toggle-21').textContent).toContain('恢复');

    // Clicking the course narrows the list to it.
    await user.click(within(document.querySelector<HTMLElement>('tr[data-row-key="21"]')!).getByRole('button', { name: '商业银行法实务' }));
    await waitFor(() => expect(params(calls.at(-1)!)).toMatchObject({ courseId: '3' }));
    expect(await screen.findByText('课程：商业银行法实务')).toBeTruthy();
  });

  it('the comments tab lists comments with the filters of the address', async () => {
    const { calls } = mockApi({
      'GET /v1/admin/session': session,
      'GET /v1/admin/comments': page([comment()]),
    });
    renderApp('/admin/reviews?tab=comments&hidden=true&q=%E5%B9%BF%E5%91%8A');
    const row = (await screen.findByText('广告链接')).closest('tr')!;
    expect(within(row).getByText('已隐藏')).toBeTruthy();
    expect(within(row).getByRole('button', { name: /恢\s*复/ })).toBeTruthy();
    expect(params(calls.find((c) => c.url.startsWith('/v1/admin/comments'))!)).toMatchObject({ hidden: 'true', q: '广告', sort: 'createdAt', order: 'descend' });
  });
});
