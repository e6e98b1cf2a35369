import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/courses/{id}/exist_ppt → whether the course has slides (`{ exist }`, ExistPpt; a bare boolean accepted). */
export async function getExistPpt(courseId: number, signal?: AbortSignal): Promise<boolean> {
  const data = await api.get<unknown>(`/v1/courses/${courseId}/exist_ppt`, { signal, silent: true, noLoginRedirect: true });
  if (typeof data === 'boolean') return data;
  if (data && typeof data === 'object') {
    const d = data as { exist?: unknown; exists?: unknown; hasPpt?: unknown };
    return Boolean(d.exist ?? d.exists ?? d.hasPpt);
  }
  return false;
}

export function existPptQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: ['courses', courseId, 'exist-ppt'] as const,
    queryFn: ({ signal }) => getExistPpt(courseId, signal).catch(() => false),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
