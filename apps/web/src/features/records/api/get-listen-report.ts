import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListenReport } from '@jinfa/shared/learning-record-schemas';
import { api } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/session.ts';

/** 1 by month, 2 by week (Monday first), 3 by day. */
export type ListenDateType = 1 | 2 | 3;

/** GET /v1/courses/listen_report/by_year?year&dateType: minutes actually played, by China day. */
export function getListenReport(year: number, dateType: ListenDateType, signal?: AbortSignal) {
  return api.get<ListenReport>('/v1/courses/listen_report/by_year', { query: { year, dateType }, signal });
}

export function listenReportQueryOptions(year: number, dateType: ListenDateType) {
  return queryOptions({
    queryKey: ['courses', 'listen_report', year, dateType] as const,
    queryFn: ({ signal }) => getListenReport(year, dateType, signal),
    enabled: () => getAccessToken() != null,
  });
}

export function useListenReport(year: number, dateType: ListenDateType, enabled = true) {
  return useQuery({ ...listenReportQueryOptions(year, dateType), enabled: enabled && getAccessToken() != null });
}
