import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** spec §4 user audit result codes, answered by GET /v1/users/me/audit_status. */
export interface AuditStatusResult {
  result: number;
  auditStatus: number;
  remark: string;
}

export function getAuditStatus(signal?: AbortSignal): Promise<AuditStatusResult> {
  return api.get<AuditStatusResult>('/v1/users/me/audit_status', { signal });
}

export const auditStatusQueryKey = ['users', 'me', 'audit_status'] as const;

export function auditStatusQueryOptions() {
  return queryOptions({ queryKey: auditStatusQueryKey, queryFn: ({ signal }) => getAuditStatus(signal) });
}

export function useAuditStatus(enabled = true) {
  return useQuery({ ...auditStatusQueryOptions(), enabled });
}
