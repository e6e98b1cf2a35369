import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CashbackOffer } from '@jinfa/shared/activity-schemas';
import { api } from '../../../lib/api-client.ts';
import { ACTIVITIES_KEY } from './keys.ts';

/** GET /v1/activities/cashback/{courseId}?suid: the cash-back landing's data. */
export function getCashbackOffer(courseId: number, suid: number | null, signal?: AbortSignal): Promise<CashbackOffer> {
  return api.get<CashbackOffer>(`/v1/activities/cashback/${courseId}`, { query: { suid: suid ?? undefined }, signal });
}

export function cashbackOfferQueryOptions(courseId: number, suid: number | null) {
  return queryOptions({ queryKey: [...ACTIVITIES_KEY, 'cashback', courseId, suid] as const, queryFn: ({ signal }) => getCashbackOffer(courseId, suid, signal) });
}

export function useCashbackOffer(courseId: number | null, suid: number | null) {
  return useQuery({ ...cashbackOfferQueryOptions(courseId ?? 0, suid), enabled: courseId != null });
}
