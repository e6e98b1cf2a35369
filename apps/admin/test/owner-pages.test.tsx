import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, operator, renderApp } from './support';

const OWNER_SESSION = { code: 0, data: { operator: operator('owner'), csrfToken: 'owner-csrf' } };

describe('owner pages', () => {
  beforeAll(() => Promise.all([import('../src/features/audit'), import('../src/features/operators')]), 30_000);

  it('audit log: expands a row into its before/after diff and sends sort by id', async () => {
    const { calls } = mockApi({
      'GET /v1/admin/session': OWNER_SESSION,
      'GET /v1/admin/operators': { code: 0, data: { items: [], total: 0, page: 1, pageSize: 100 } },
      'GET /v1/admin/audit': {
        code: 0,
        data: {
          items: [
            {
              id: 9,
              operatorId: 1,
              operatorName: '王小明',
              action: 'course.update',
              targetType: 'course',
              targetId: '12',
              before: { title: '旧标题', price: 100 },
              after: { title: '新标题', price: 100 },
              ip: '127.0.0.1',
              createdAt: Date.UTC(2026, 0, 1, 16, 30),
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        },
      },
    });
    renderApp('/admin/audit');
    expect(await screen.findByText('编辑课程')).toBeTruthy();
    expect(screen.getByText('2026-01-02 00:30')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /展开行|Expand row/ }));
    expect(await screen.findByText('旧标题')).toBeTruthy();
    expect(screen.getByText('新标题')).toBeTruthy();

    await user.click(screen.getByText('时间'));
    await waitFor(() => expect(calls.at(-1)!.url).toContain('sort=id'));
  });

  it('operators: creates an operator with the CSRF header', async () => {
    const { calls } = mockApi({
      'GET /v1/admin/session': OWNER_SESSION,
      'GET /v1/admin/operators': { code: 0, data: { items: [], total: 0, page: 1, pageSize: 20 } },
      'POST /v1/admin/operators': { code: 0, data: { id: 2 } },
    });
    renderApp('/admin/operators');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /新建运营人员/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('手机号'), '13900000001');
    await user.type(within(dialog).getByLabelText('初始密码'), 'Finance123');
    await user.type(within(dialog).getByLabelText('姓名'), '李财务');
    await user.click(within(dialog).getByLabelText('角色'));
    await user.click(await screen.findByTitle('财务'));
    await user.click(within(dialog).getByRole('button', { name: /创\s*建/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.headers['X-CSRF-Token']).toBe('owner-csrf');
    expect(post.body).toEqual({ phone: '13900000001', password: 'Finance123', name: '李财务', role: 'finance' });
  });
});
