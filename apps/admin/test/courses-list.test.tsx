import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, operator, renderApp } from './support';
import type { Call } from './support';
import { LOOKUPS, listItem } from './courses-fixtures';

const params = (c: Call) => Object.fromEntries(new URL(c.url, 'http://x').searchParams);
// The first render of a lazy page on a busy two-core machine can take several seconds.
const SLOW = { timeout: 20_000 };
const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/v1/admin/courses'));

describe('课程 list page', { timeout: 45_000 }, () => {
  // The page is a lazy chunk (antd Table and friends): load it once before timing tests.
  beforeAll(async () => {
    await import('../src/features/courses');
  }, 60_000);

  it('renders the rows the API returns, prices in yuan, newest first', async () => {
    const { calls } = mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('operator'), csrfToken: 'csrf-1' } },
      'GET /v1/admin/lookups': { code: 0, data: LOOKUPS },
      'GET /v1/admin/courses': {
        code: 0,
        data: {
          items: [
            listItem({ id: 1, title: '票据业务合规实务', price: 19900, vipPrice: 9900 }),
            listItem({ id: 2, title: '反洗钱入门', price: 0, vipPrice: null, onShelf: false, status: 0, learnerCount: 5 }),
          ],
          total: 2,
          page: 1,
          pageSize: 20,
        },
      },
    });
    renderApp('/admin/courses');
    const row = (await screen.findByText('票据业务合规实务', {}, SLOW)).closest('tr')!;
    expect(within(row).getByText('¥199.00')).toBeTruthy();
    expect(within(row).getByText('会员 ¥99.00')).toBeTruthy();
    expect(within(row).getByText('已上架')).toBeTruthy();
    expect(within(row).getByText('1,234')).toBeTruthy();
    expect(within(row).getByText('2026-11-20 10:00')).toBeTruthy();
    expect(within(row).getByLabelText('下架《票据业务合规实务》')).toBeTruthy();
    const row2 = screen.getByText('反洗钱入门').closest('tr')!;
    expect(within(row2).getByText('免费')).toBeTruthy();
    expect(within(row2).getByText('已下架')).toBeTruthy();
    expect(params(listCalls(calls)[0]!)).toMatchObject({ page: '1', pageSize: '20', sort: 'updatedAt', order: 'descend' });
  });

  it('searches by title and keeps it in the address', async () => {
    const { calls } = mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('owner'), csrfToken: 'c' } },
      'GET /v1/admin/lookups': { code: 0, data: LOOKUPS },
      'GET /v1/admin/courses': { code: 0, data: { items: [listItem()], total: 1, page: 1, pageSize: 20 } },
    });
    renderApp('/admin/courses');
    await screen.findByText('票据业务合规实务', {}, SLOW);
    await userEvent.setup().type(screen.getByLabelText('搜索课程标题'), '票据{Enter}');
    await waitFor(() => expect(params(listCalls(calls).at(-1)!)).toMatchObject({ q: '票据', page: '1' }));
    expect(new URLSearchParams(window.location.search).get('q')).toBe('票据');
  });

  it('puts a course off the shelf after confirming, with the CSRF header', async () => {
    let onShelf = true;
    const { calls } = mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('operator'), csrfToken: 'csrf-7' } },
      'GET /v1/admin/lookups': { code: 0, data: LOOKUPS },
      'GET /v1/admin/courses': () => ({
        code: 0,
        data: { items: [listItem({ onShelf, status: onShelf ? 1 : 0 })], total: 1, page: 1, pageSize: 20 },
      }),
      'POST /v1/admin/courses/1/shelf': (c) => {
        onShelf = (c.body as { onShelf: boolean }).onShelf;
        return { code: 0, data: { id: 1, onShelf } };
      },
    });
    renderApp('/admin/courses');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('下架《票据业务合规实务》', {}, SLOW));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByText(/^下\s*架$/).closest('button')!);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ onShelf: false });
    expect(post.headers['X-CSRF-Token']).toBe('csrf-7');
    expect(await screen.findByText('《票据业务合规实务》已下架')).toBeTruthy();
    expect(await screen.findByText('已下架')).toBeTruthy();
  });

  it('a lecturer sees no shelf buttons', async () => {
    mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('lecturer', { lecturerId: 5 }), csrfToken: 'c' } },
      'GET /v1/admin/lookups': { code: 0, data: LOOKUPS },
      'GET /v1/admin/courses': { code: 0, data: { items: [listItem()], total: 1, page: 1, pageSize: 20 } },
    });
    renderApp('/admin/courses');
    const row = (await screen.findByText('票据业务合规实务', {}, SLOW)).closest('tr')!;
    expect(within(row).getByText('编辑')).toBeTruthy();
    expect(within(row).queryByLabelText(/下架/)).toBeNull();
  });
});
