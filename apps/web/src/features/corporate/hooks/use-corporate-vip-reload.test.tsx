import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { saveTokens } from '../../../lib/auth-store.ts';
import { connectRouter } from '../../../lib/session.ts';

const reload = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../stores/corporate-vip-store.ts', () => ({ reloadCorporateVip: reload }));

afterEach(() => {
  connectRouter(null);
  reload.mockClear();
});

describe('corporate VIP reload on navigation', () => {
  it('does not reload on /user/loginComplete, and does on the next page', async () => {
    saveTokens({ accessToken: 'tok' });
    mockFetch({});
    const app = renderApp('/user/loginComplete?returnUrl=%2Flives');
    await screen.findByRole('heading', { name: '登录未完成' }, { timeout: 5000 });
    await act(() => app.router.navigate('/exam/index'));
    // Each navigation's reload waits on the same module import, in order: when the second page's
    // reload has run, one started on /user/loginComplete would have run before it.
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
