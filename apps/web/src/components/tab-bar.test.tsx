import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { connectRouter } from '../lib/session.ts';

afterEach(() => connectRouter(null));

const lit = () =>
  within(screen.getByRole('navigation', { name: '主导航' }))
    .getAllByRole('link')
    .filter((a) => (a.getAttribute('class') ?? '').split(' ').length > 1)
    .map((a) => a.textContent);

describe('tab bar', () => {
  it('lights the tapped tab while its page loads, and marks the shown page as current', async () => {
    mockFetch({});
    const app = renderApp('/');
    await screen.findByRole('heading', { name: '金法课堂' }, { timeout: 5000 });
    expect(lit()).toEqual(['首页']);

    // The page's code is still on its way (a lazy chunk): the tab tapped is the one lit.
    fireEvent.click(screen.getByRole('link', { name: '发现' }));
    expect(app.router.state.navigation.state).not.toBe('idle');
    expect(lit()).toEqual(['发现']);

    await screen.findByRole('link', { name: '发现', current: 'page' }, { timeout: 5000 });
    expect(lit()).toEqual(['发现']);
    expect(app.location()).toBe('/discovery');
  });
});
