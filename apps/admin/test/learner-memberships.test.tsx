import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminLearnerMembership } from '@jinfa/shared/admin-people-schemas';
import { T, detail } from './learner-fixtures';
import { mockApi, operator, renderApp } from './support';




const membership = (over: Partial<AdminLearnerMembership> = {}): AdminLearnerMembership => ({
  grantId: 31,
  planId: 2,
  planName: '年度会员',
  userType: 3,
  startsAt: T,
  expiresAt: T + 30 * 86400000,
  revokedAt: null,
  orderId: null,
  active: true,
  ...over,
});

// Pages render the whole antd shell; on a busy two-core machine a test takes seconds.
describe('用户详情: 授予 / 撤销会员', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await import('../src/features/learners');
  }, 60_000);

  it('the owner grants a plan with days and a reason, then revokes it with a reason', async () => {
    let learner = detail();
    const { calls } = mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('owner'), csrfToken: 'csrf-7' } },
      'GET /v1/admin/learners/7': () => ({ code: 0, data: learner }),
      'GET /v1/admin/lookups': { code: 0, data: { subjects: [], lecturers: [], tags: [], membershipPlans: [{ id: 2, name: '年度会员', kind: 'yearly' }] } },
      'POST /v1/admin/learners/7/memberships': () => {
        learner = { ...learner, userType: 3, memberExpireAt: T + 30 * 86400000, memberships: [membership()] };
        return { code: 0, data: { id: 7, userType: 3, memberExpireAt: learner.memberExpireAt, grantId: 31, memberships: learner.memberships } };
      },
      'POST /v1/admin/learners/7/memberships/31/revoke': () => {
        learner = { ...learner, userType: 1, memberExpireAt: null, memberships: [membership({ revokedAt: T, active: false })] };
        return { code: 0, data: { id: 7, userType: 1, memberExpireAt: null, grantId: 31, memberships: learner.memberships } };
      },
    });
    renderApp('/admin/learners/7');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTestId('membership-grant'));
    const dialog = await screen.findByRole('dialog', { name: '授予会员' });
    // Nothing chosen: the form says so and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: /授\s*予/ }));
    expect(await within(dialog).findByText('请选择会员方案')).toBeTruthy();
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByLabelText('会员方案'));
    await user.click(await screen.findByText('年度会员（年度）'));
    await user.type(within(dialog).getByLabelText('天数'), '30');
    await user.type(within(dialog).getByLabelText('原因'), '客服补偿');
    await user.click(within(dialog).getByRole('button', { name: /授\s*予/ }));
    expect(await screen.findByText('已授予会员')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST' && c.url.endsWith('/memberships'))!;
    expect(sent.body).toEqual({ planId: 2, days: 30, reason: '客服补偿' });

    const row = (await screen.findByTestId('membership-revoke-31')).closest('tr')!;
    expect(within(row).getByText('后台授予')).toBeTruthy();
    await user.click(screen.getByTestId('membership-revoke-31'));
    // (antd gives every dialog the same aria-labelledby under test, so find it by its field.)
    const revokeField = await screen.findByLabelText('撤销原因');
    const revokeDialog = revokeField.closest<HTMLElement>('[role="dialog"]')!;
    expect(within(revokeDialog).getByText('撤销会员')).toBeTruthy();
    await user.type(revokeField, '误操作');
    await user.click(within(revokeDialog).getByRole('button', { name: /撤\s*销/ }));
    expect(await screen.findByText('会员已撤销')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/memberships/31/revoke'))!.body).toEqual({ reason: '误操作' });
    await waitFor(() => expect(screen.queryByTestId('membership-revoke-31')).toBeNull());
    expect(screen.getByText('已撤销')).toBeTruthy();
  });

  it('a reviewer sees memberships but neither 授予会员 nor 撤销', async () => {
    mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('reviewer'), csrfToken: 'c' } },
      'GET /v1/admin/learners/7': { code: 0, data: detail({ memberships: [membership({ orderId: 9 })] }) },
    });
    renderApp('/admin/learners/7');
    expect(await screen.findByText('订单 #9')).toBeTruthy();
    expect(screen.queryByTestId('membership-grant')).toBeNull();
    expect(screen.queryByTestId('membership-revoke-31')).toBeNull();
  });
});
