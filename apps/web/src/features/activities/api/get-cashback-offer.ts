import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CashbackOffer } from '@jinfa/shared/activity-schemas';
import { api } from '../../../lib/api-client.ts';
import { ACTIVITIES_KEY } from './keys.ts';

/** What a share link carried: `suid` (a hint) and `it`, the server's invitation token (decision 019). */
export interface LinkReferral {
  suid: number | null;
  it: string | null;
}

/** GET /v1/activities/cashback/{courseId}?suid&it: the cash-back landing's data. */
export function getCashbackOffer(courseId: number, ref: LinkReferral, signal?: AbortSignal): Promise<CashbackOffer> {
  return api.get<CashbackOffer>(`/v1/activities/cashback/${courseId}`, { query: { suid: ref.suid ?? undefined, it: ref.it ?? undefined }, signal });
}

export function cashbackOfferQueryOptions(courseId: number, ref: LinkReferral) {
  return queryOptions({ queryKey: [...ACTIVITIES_KEY, 'cashback', courseId, ref.suid, ref.it] as const, queryFn: ({ signal }) => getCashbackOffer(courseId, ref, signal) });
}

export function useCashbackOffer(courseId: number | null, ref: LinkReferral) {
  return useQuery({ ...cashbackOfferQueryOptions(courseId ?? 0, ref), enabled: courseId != null });
}
