import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MembershipPlanList } from '@jinfa/shared/membership-schemas';
import { api } from '../../../lib/api-client.ts';

export type { MembershipPlan, MembershipPlanList, MembershipRight } from '@jinfa/shared/membership-schemas';

/** Billing type of `/v1/course_members/rights/list` (spec §7.2): 3 monthly, 1 yearly. */
export type BillingType = 3 | 1;

/** GET /v1/course_members/rights/list?type=3|1 → the plans on sale with their rights. Public. */
export function getMembershipPlans(type: BillingType, signal?: AbortSignal): Promise<MembershipPlanList> {
  return api.get<MembershipPlanList>('/v1/course_members/rights/list', { query: { type }, signal });
}

export function membershipPlansQueryOptions(type: BillingType) {
  return queryOptions({
    queryKey: ['memberships', 'plans', type] as const,
    queryFn: ({ signal }) => getMembershipPlans(type, signal),
    staleTime: 60_000,
  });
}

export function useMembershipPlans(type: BillingType) {
  return useQuery(membershipPlansQueryOptions(type));
}
