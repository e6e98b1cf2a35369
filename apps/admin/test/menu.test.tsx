import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, operator, renderApp } from './support';
import type { OperatorRole } from '../src/lib/session';

const EMPTY_DASHBOARD = {
  totals: { salesFen: 0, orders: 0, paidOrders: 0, newLearners: 0, learningSeconds: 0, refundsFen: 0 },
  series: [],
  topCourses: [],
  waiting: { profiles: 0, refunds: 0, anomalies: 0 },
};
const EMPTY_PAGE = { items: [], total: 0, page: 1, pageSize: 20 };

function signedInAs(role: OperatorRole) {
  return mockApi({
    'GET /v1/admin/session': { code: 0, data: { operator: operator(role), csrfToken: 'csrf-token-1' } },
    'GET /v1/admin/dashboard': { code: 0, data: EMPTY_DASHBOARD },
    'GET /v1/admin/operators': { code: 0, data: EMPTY_PAGE },
    'GET /v1/admin/audit': { code: 0, data: EMPTY_PAGE },
    'GET /v1/admin/courses': { code: 0, data: EMPTY_PAGE },
    'GET /v1/admin/lookups': { code: 0, data: { subjects: [], lecturers: [], tags: [], membershipPlans: [] } },
  });
}

async function menuLabels(): Promise<string[]> {
  const nav = await screen.findByRole('menu', { name: '主菜单' });
  return within(nav)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.trim() ?? '');
}

// docs/console.md, "Roles": what each role may use.
const EXPECTED: Record<OperatorRole, string[]> = {
  owner: ['仪表盘', '课程', '首页与发现', '用户', '订单与资金', '订单', '退款', '支付异常', '评价', '审计日志', '运营人员'],
  operator: ['仪表盘', '课程', '首页与发现'],
  finance: ['仪表盘', '订单与资金', '订单', '退款', '支付异常'],
  reviewer: ['仪表盘', '用户', '评价'],
  lecturer: ['课程'],
  corporate_admin: [],
};

describe('side menu per role', () => {
  // Pages are lazy chunks; load them before the clock of the first assertion starts.
  beforeAll(() => Promise.all([import('../src/features/dashboard'), import('../src/features/courses'), import('../src/features/operators')]), 30_000);

  for (const role of ['owner', 'operator', 'finance', 'reviewer'] as const) {
    it(`shows ${role} exactly the sections of the role`, async () => {
      signedInAs(role);
      renderApp('/admin/');
      await screen.findByRole('heading', { name: '仪表盘' });
      expect(await menuLabels()).toEqual(EXPECTED[role]);
    });
  }

  it('sends a lecturer from the dashboard to their courses', async () => {
    signedInAs('lecturer');
    renderApp('/admin/');
    await waitFor(() => expect(window.location.pathname).toBe('/admin/courses'));
    expect(await menuLabels()).toEqual(EXPECTED.lecturer);
  });

  it('refuses a page the role may not open, with the menu still there', async () => {
    signedInAs('finance');
    renderApp('/admin/operators');
    expect(await screen.findByText('无权访问')).toBeTruthy();
    expect(await menuLabels()).toEqual(EXPECTED.finance);
  });

  it('tells a corporate admin there is nothing for them yet', async () => {
    signedInAs('corporate_admin');
    renderApp('/admin/');
    expect(await screen.findByText('暂无可用功能')).toBeTruthy();
  });

  it('shows the operator name, role and both sign-out buttons in the header', async () => {
    signedInAs('owner');
    renderApp('/admin/');
    expect((await screen.findByTestId('admin-operator-name')).textContent).toBe('王小明');
    expect(screen.getByTestId('admin-operator-role').textContent).toBe('所有者');
    expect(screen.getByRole('button', { name: /退出登录/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /全部设备退出/ })).toBeTruthy();
  });
});
