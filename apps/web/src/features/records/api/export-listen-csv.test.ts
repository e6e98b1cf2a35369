import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch } from '../../../../test/fetch-mock.ts';
import { saveTokens } from '../../../lib/auth-store.ts';

vi.mock('../../../lib/user-agent.ts', () => ({ isWechat: () => true }));

const { exportListenCsv } = await import('./export-listen-csv.ts');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('exportListenCsv inside WeChat (decision 017)', () => {
  it('opens the file with a single-use ticket, never with the session token', async () => {
    saveTokens({ accessToken: 'session-token-abc' });
    const { calls } = mockFetch({
      'POST /v1/courses/listen_report/export_ticket': () =>
        envelope({ ticket: 'T1', expiresIn: 60, url: '/v1/courses/listen_report/export.csv?year=2026&ticket=T1' }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href });
    expect(await exportListenCsv(2026)).toBe('opened');
    expect(calls[0]).toMatchObject({ method: 'POST', body: { year: 2026 } });
    // The ticket request itself is an ordinary authenticated call (header, not address).
    expect(calls[0]?.headers['access-token']).toBe('session-token-abc');
    expect(assign).toHaveBeenCalledTimes(1);
    const opened = String(assign.mock.calls[0]?.[0]);
    expect(opened).toMatch(/\/v1\/courses\/listen_report\/export\.csv\?year=2026&ticket=T1$/);
    expect(opened).not.toContain('session-token-abc');
    expect(opened).not.toContain('apptoken');
  });
});
