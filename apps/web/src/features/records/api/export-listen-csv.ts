import type { DownloadTicket } from '@jinfa/shared/login-schemas';
import { env } from '../../../config/env.ts';
import { api } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/session.ts';
import { isWechat } from '../../../lib/user-agent.ts';

const path = (year: number) => `/v1/courses/listen_report/export.csv?year=${year}`;

/**
 * GET /v1/courses/listen_report/export.csv?year: saves the year's CSV. Browsers save a blob;
 * WeChat's in-app browser cannot, so there the file opens through a link carrying a single-use
 * ticket for that one file (POST …/export_ticket, valid 60 s) — never the session token, which a
 * copied or shared link would give away (decision 017).
 */
export async function exportListenCsv(year: number): Promise<'saved' | 'opened'> {
  const token = getAccessToken();
  if (!token) throw new Error('not logged in');
  if (isWechat()) {
    const { url } = await api.post<DownloadTicket>('/v1/courses/listen_report/export_ticket', { year });
    window.location.assign(`${env.apiBase}${url}`);
    return 'opened';
  }
  const res = await fetch(`${env.apiBase}${path(year)}`, { headers: { 'Access-Token': token }, credentials: 'same-origin' });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.startsWith('text/csv')) throw new Error(`export failed (${res.status})`);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `学习时长-${year}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'saved';
}
