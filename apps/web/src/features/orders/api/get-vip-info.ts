import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VipInfo } from '@jinfa/shared/membership-schemas';
import { api } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/session.ts';

export type { CorporateMembership, VipInfo } from '@jinfa/shared/membership-schemas';

/** Buying a membership invalidates this key (the status card and the corporate page read it). */
export const VIP_INFO_KEY = ['memberships', 'vip_info'] as const;

/** GET /v1/course_members/vip_info → my membership, what member prices saved me, my corporate membership. */
export function getVipInfo(signal?: AbortSignal): Promise<VipInfo> {
  return api.get<VipInfo>('/v1/course_members/vip_info', { signal });
}

export function vipInfoQueryOptions() {
  return queryOptions({ queryKey: VIP_INFO_KEY, queryFn: ({ signal }) => getVipInfo(signal), enabled: () => getAccessToken() != null });
}

export function useVipInfo() {
  return useQuery({ ...vipInfoQueryOptions(), enabled: getAccessToken() != null });
}
