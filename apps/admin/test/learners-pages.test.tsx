import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminLearnerListItem } from '@jinfa/shared/admin-people-schemas';
import { T, detail } from './learner-fixtures';
import { mockApi, operator, renderApp } from './support';
import type { Call } from './support';


function listItem(over: Partial<AdminLearnerListItem>): AdminLearnerListItem {
  return {
    id: 1,
    name: '张三',
    nickname: '',
    phoneMasked: '138****0001',
    auditStatus: 0,
    auditSubmittedAt: T,
    locked: false,
    blacklisted: false,
    memberships: [],
    orderCount: 2,
    createdAt: T,
    ...over,
  };
}


const params = (c: Call) => Object.fromEntries(new URL(c.url, 'http://x').searchParams);

// Pages render the whole antd shell; on a busy two-core machine a test takes seconds.
describe('用户 pages', { timeout: 45_000 }, () => {
  // The page is a lazy chunk: load it once up front so the first test does not race its import.
  beforeAll(async () => {
    await import('../src/features/learners');
  }, 60_000);

  it('lists learners with their review state, and 待审核资料 asks for submitted profiles oldest first', async () => {
    const { calls } = mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('reviewer'), csrfToken: 'csrf-1' } },
      'GET /v1/admin/learners': {
        code: 0,
        data: {
          items: [
            listItem({ id: 1, name: '张三' }),
            listItem({ id: 2, name: '王五', auditStatus: 1, locked: true, memberships: [{ grantId: 3, planId: 1, planName: '年度会员', userType: 3, startsAt: T, expiresAt: T + 86400000, revokedAt: null, orderId: 9, active: true }] }),
          ],
          total: 2,
          page: 1,
          pageSize: 20,
        },
      },
    });
    renderApp('/admin/learners');
    const row = (await screen.findByText('张三')).closest('tr')!;
    expect(within(row).getByText('待审核')).toBeTruthy();
    expect(within(row).getByText('138****0001')).toBeTruthy();
    const row2 = screen.getByText('王五').closest('tr')!;
    expect(within(row2).getByText('已通过')).toBeTruthy();
    expect(within(row2).getByText('已锁定')).toBeTruthy();
    expect(within(row2).getByText('年度会员')).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('learner-pending-quick'));
    await waitFor(() => expect(params(calls.at(-1)!)).toMatchObject({ auditStatus: '0', submitted: 'true', sort: 'auditSubmittedAt', order: 'ascend' }));
    expect(window.location.search).toContain('submitted=true');

    // Search by phone goes to the API and the address.
    await user.type(screen.getByLabelText('搜索手机号或姓名'), '13800000001{Enter}');
    await waitFor(() => expect(params(calls.at(-1)!)).toMatchObject({ q: '13800000001', page: '1' }));
  });

  it('shows an error with a retry when the list fails', async () => {
    let fail = true;
    mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('owner'), csrfToken: 'c' } },
      'GET /v1/admin/learners': () =>
        fail ? { code: -50000, message: '服务器异常', status: 500 } : { code: 0, data: { items: [], total: 0, page: 1, pageSize: 20 } },
    });
    renderApp('/admin/learners');
    expect(await screen.findByRole('alert')).toBeTruthy();
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('还没有用户')).toBeTruthy();
  });

  it('failing a profile requires a reason, then sends it and shows the new state', async () => {
    let learner = detail();
    const { calls } = mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('reviewer'), csrfToken: 'csrf-9' } },
      'GET /v1/admin/learners/7': () => ({ code: 0, data: learner }),
      'POST /v1/admin/learners/7/review': (c) => {
        learner = { ...learner, auditStatus: 2, auditRemark: (c.body as { remark: string }).remark, auditResult: 262145 };
        return { code: 0, data: { id: 7, auditStatus: 2, auditRemark: learner.auditRemark, locked: false, blacklisted: false } };
      },
    });
    renderApp('/admin/learners/7');
    expect(await screen.findByText('某银行')).toBeTruthy();
    expect(screen.getByText('1 小时 30 分')).toBeTruthy(); // 5400 s credited
    // Reviewers never see the blacklist.
    expect(screen.queryByText('加入黑名单')).toBeNull();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /不通过/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /不通过/ }));
    expect(await within(dialog).findByText('请填写不通过原因')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('不通过原因'), '单位名称与证明不符');
    await user.click(within(dialog).getByRole('button', { name: /不通过/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ pass: false, remark: '单位名称与证明不符' });
    expect(post.headers['X-CSRF-Token']).toBe('csrf-9');
    await waitFor(() => expect(screen.getByTestId('learner-audit-tag').textContent).toBe('未通过'));
  });

  it('an owner can blacklist, with a reason', async () => {
    let learner = detail({ auditStatus: 1, auditResult: 0 });
    const { calls } = mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('owner'), csrfToken: 'c' } },
      'GET /v1/admin/learners/7': () => ({ code: 0, data: learner }),
      'POST /v1/admin/learners/7/blacklist': () => {
        learner = { ...learner, blacklisted: true };
        return { code: 0, data: { id: 7, auditStatus: 1, auditRemark: '', locked: false, blacklisted: true } };
      },
    });
    renderApp('/admin/learners/7');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /加入黑名单/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('原因'), '恶意刷单');
    await user.click(within(dialog).getByRole('button', { name: /加入黑名单/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ blacklisted: true, reason: '恶意刷单' }));
    expect(await screen.findByRole('button', { name: /移出黑名单/ })).toBeTruthy();
  });
});
