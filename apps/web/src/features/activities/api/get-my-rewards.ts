import { useQuery } from '@tanstack/react-query';
import type { CashbackRewardPage } from '@jinfa/shared/activity-schemas';
import { api } from '../../../lib/api-client.ts';
import { ACTIVITIES_KEY } from './keys.ts';

/** GET /v1/activities/cashback/mine: the caller's rewards as a sharer, with totals. */
export function getMyRewards(pageIndex: number, signal?: AbortSignal): Promise<CashbackRewardPage> {
  return api.get<CashbackRewardPage>('/v1/activities/cashback/mine', { query: { pageIndex, pageSize: 50 }, signal });
}

export function useMyRewards() {
  return useQuery({ queryKey: [...ACTIVITIES_KEY, 'my-rewards'] as const, queryFn: ({ signal }) => getMyRewards(1, signal) });
}
