import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBanner, AdminHomeSections, AdminHotWords, AdminTag } from '@jinfa/shared/admin-discovery-schemas';
import { mockApi, operator, renderApp } from './support';

const session = { code: 0, data: { operator: operator('operator'), csrfToken: 'csrf-d' } };
const page = <T,>(items: T[]) => ({ code: 0, data: { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) } });

function banner(over: Partial<AdminBanner> = {}): AdminBanner {
  return { id: 1, title: '反洗钱专题', image: 'https://cdn.example.com/b1.png', linkType: 1, link: '12', sort: 2, enabled: true, ...over };
}

describe('首页与发现 page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await import('../src/features/discovery');
  }, 60_000);

  it('lists banners with thumbnails; turns one off, moves one down, adds one', async () => {
    let items = [banner(), banner({ id: 2, title: '民法典担保', sort: 1 })];
    const { calls } = mockApi({
      'GET /v1/admin/session': session,
      'GET /v1/admin/banners': () => page(items),
      'PATCH /v1/admin/banners/1': (c) => {
        items = items.map((b) => (b.id === 1 ? { ...b, ...(c.body as Partial<AdminBanner>) } : b));
        return { code: 0, data: items[0] };
      },
      'PUT /v1/admin/banner-order': (c) => {
        const ids = (c.body as { bannerIds: number[] }).bannerIds;
        items = ids.map((id) => items.find((b) => b.id === id)!);
        return page(items);
      },
      'POST /v1/admin/banners': (c) => {
        const b = banner({ id: 3, sort: 3, ...(c.body as Partial<AdminBanner>) });
        items = [b, ...items];
        return { code: 0, data: b };
      },
    });
    renderApp('/admin/discovery');
    const row = (await screen.findByText('反洗钱专题')).closest('tr')!;
    expect(within(row).getByAltText('轮播图：反洗钱专题')).toBeTruthy();

    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    await user.click(within(row).getByLabelText('「反洗钱专题」在学员首页显示'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.url.endsWith('/v1/admin/banners/1'))).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ enabled: false });
    expect(patch.headers['X-CSRF-Token']).toBe('csrf-d');
    expect(await screen.findByText('已下线，学员首页不再显示')).toBeTruthy();

    await user.click(screen.getByLabelText('下移「反洗钱专题」'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ bannerIds: [2, 1] }));

    await user.click(screen.getByText('添加轮播图', { selector: 'button span' }));
    const dialog = (await screen.findByText('添加轮播图', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    await user.type(within(dialog).getByLabelText('标题'), '新春合规');
    await user.type(within(dialog).getByLabelText('图片地址'), 'javascript:x');
    await user.type(within(dialog).getByLabelText('链接'), '/pages/x');
    await user.click(within(dialog).getByText(/^保\s*存$/));
    expect(await within(dialog).findByText('请填写 http(s):// 开头的地址或站内路径 /…')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('图片地址'));
    await user.type(within(dialog).getByLabelText('图片地址'), 'https://cdn.example.com/n.png');
    await user.click(within(dialog).getByText(/^保\s*存$/));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/v1/admin/banners'))?.body).toEqual({ title: '新春合规', image: 'https://cdn.example.com/n.png', linkType: 0, link: '/pages/x', enabled: true }));
    expect(await screen.findByText('新春合规')).toBeTruthy();
  });

  it('tags: shows the server message when a rename is a duplicate; a tag in use cannot be deleted', async () => {
    const tags: AdminTag[] = [
      { id: 5, name: '反洗钱', courseCount: 3 },
      { id: 6, name: '票据', courseCount: 0 },
    ];
    const { calls } = mockApi({
      'GET /v1/admin/session': session,
      'GET /v1/admin/tags': () => page(tags),
      'PATCH /v1/admin/tags/6': { code: -10871, message: '已有同名标签', status: 409 },
    });
    renderApp('/admin/discovery?tab=tags');
    const row = (await screen.findByText('票据')).closest('tr')!;
    expect((screen.getByLabelText('删除标签「反洗钱」') as HTMLButtonElement).disabled).toBe(true);
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    await user.click(within(row).getByLabelText('重命名标签「票据」'));
    const dialog = (await screen.findByText('重命名标签「票据」', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    const input = within(dialog).getByLabelText('标签名称');
    await user.clear(input);
    await user.type(input, '反洗钱');
    await user.click(within(dialog).getByText(/^保\s*存$/));
    expect(await screen.findByText('已有同名标签')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: '反洗钱' });
  });

  it('hot words: edits the list and saves it whole; refuses duplicates before sending', async () => {
    let data: AdminHotWords = { words: [{ keyword: '反洗钱', hot: true }, { keyword: '票据', hot: false }] };
    const { calls } = mockApi({
      'GET /v1/admin/session': session,
      'GET /v1/admin/hot-words': () => ({ code: 0, data }),
      'PUT /v1/admin/hot-words': (c) => {
        data = c.body as AdminHotWords;
        return { code: 0, data };
      },
    });
    renderApp('/admin/discovery?tab=hot-words');
    const second = await screen.findByLabelText('第 2 个热搜词');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    await user.clear(second);
    await user.type(second, '反洗钱');
    expect(await screen.findByText('热搜词不能重复')).toBeTruthy();
    expect((screen.getByRole('button', { name: /保\s*存/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(second);
    await user.type(second, '民法典');
    await user.click(screen.getByRole('checkbox', { name: '第 2 个热搜词突出显示' }));
    await user.click(screen.getByRole('button', { name: '上移第 2 个热搜词' }));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        words: [
          { keyword: '民法典', hot: true },
          { keyword: '反洗钱', hot: true },
        ],
      }),
    );
  });

  it('home sections: lists each section; takes a course out through the course edit', async () => {
    let data: AdminHomeSections = {
      sections: [
        { type: 1, title: '基础会员专区', courses: [{ id: 9, title: '商业银行法实务', cover: '/c.png', sort: 5, onShelf: true }] },
        { type: 2, title: '老课特价专区', courses: [] },
      ],
    };
    const { calls } = mockApi({
      'GET /v1/admin/session': session,
      'GET /v1/admin/home-sections': () => ({ code: 0, data }),
      'PATCH /v1/admin/courses/9': () => {
        data = { sections: data.sections.map((s) => ({ ...s, courses: [] })) };
        return { code: 0, data: {} };
      },
    });
    renderApp('/admin/discovery?tab=home-sections');
    const row = (await screen.findByText('商业银行法实务')).closest('tr')!;
    expect(screen.getByText('这个专区还没有课程')).toBeTruthy();
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const out = within(row).getByLabelText('把「商业银行法实务」移出专区');
    await user.click(out);
    await screen.findByText('把「商业银行法实务」移出专区？');
    const confirms = screen.getAllByText(/^移\s*出$/);
    await user.click(confirms[confirms.length - 1]!);
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ homeListType: null }));
    await waitFor(() => expect(screen.queryByText('商业银行法实务')).toBeNull());
  });
});
