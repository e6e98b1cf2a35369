import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { saveTokens } from '../lib/auth-store.ts';
import { connectRouter } from '../lib/session.ts';

afterEach(() => connectRouter(null));

describe('app shell', () => {
  it('renders the home page with its entries and the tab bar', async () => {
    mockFetch({});
    renderApp('/');
    expect(await screen.findByRole('heading', { name: '金法课堂' }, { timeout: 5000 })).toBeTruthy();
    const entries = within(screen.getByRole('navigation', { name: '栏目入口' }));
    const hrefs = entries.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/classification',
      '/lives',
      '/columns',
      '/exam/index',
      '/train/index',
      '/selectCourses',
      '/classification?listType=1',
      '/subscription',
    ]);
    expect(screen.getByRole('link', { name: /^搜索课程/ }).getAttribute('href')).toBe('/search');
    const tabs = within(screen.getByRole('navigation', { name: '主导航' })).getAllByRole('link');
    expect(tabs.map((t) => t.textContent)).toEqual(['首页', '发现', '我的课程', '我的']);
  });

  it('shows the coming-soon page naming the capability', async () => {
    mockFetch({});
    renderApp('/exam/index');
    expect(await screen.findByRole('heading', { name: '考试即将上线' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
  });

  it('shows a not-found page for unknown addresses', async () => {
    mockFetch({});
    renderApp('/no/such/page');
    expect(await screen.findByText('您访问的页面可能已被移除，或链接有误。', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('scrolls to the top on every route change', async () => {
    mockFetch({});
    const scrollTo = vi.spyOn(window, 'scrollTo');
    renderApp('/');
    await screen.findByRole('heading', { name: '金法课堂' }, { timeout: 5000 });
    scrollTo.mockClear();
    await userEvent.click(screen.getByRole('link', { name: '在线考试' }));
    await screen.findByRole('heading', { name: '考试即将上线' }, { timeout: 5000 });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('reloads the corporate VIP state on navigation when logged in', async () => {
    saveTokens({ accessToken: 'tok' });
    const { calls } = mockFetch({ '/v1/corporates/last_visit_corporate': () => envelope(null, -10004, 'missing', 404) });
    // A page still to come, so the assertion does not depend on another feature's data.
    const app = renderApp('/exam/index');
    await screen.findByRole('heading', { name: '考试即将上线' }, { timeout: 5000 });
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/corporates/last_visit_corporate')).toBe(true));
    // A 404 while the server lacks the call: no popup. The reload settles only after the API
    // client has reported the error (a popup would be on screen by then), so wait for that.
    const { reloadCorporateVip } = await import('../features/corporate/stores/corporate-vip-store.ts');
    await reloadCorporateVip();
    expect(document.querySelector('[data-testid="error-popup"]')).toBeNull();
    expect(app.location()).toBe('/exam/index');
  });

});
