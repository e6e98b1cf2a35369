import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type DashboardDays = 1 | 7 | 30;

export interface DashboardDay {
  /** 'YYYY-MM-DD' in Asia/Shanghai. */
  day: string;
  salesFen: number;
  orders: number;
  newLearners: number;
  learningSeconds: number;
}

export interface Dashboard {
  totals: {
    salesFen: number;
    orders: number;
    paidOrders: number;
    newLearners: number;
    learningSeconds: number;
    refundsFen: number;
  };
  series: DashboardDay[];
  topCourses: { courseId: number; title: string; orders: number; salesFen: number }[];
  waiting: { profiles: number; refunds: number; anomalies: number };
}

export function getDashboard(days: DashboardDays): Promise<Dashboard> {
  return api.get<Dashboard>('/v1/admin/dashboard', { days });
}

export const dashboardQueryOptions = (days: DashboardDays) =>
  queryOptions({ queryKey: ['dashboard', days], queryFn: () => getDashboard(days), placeholderData: keepPreviousData });

export function useDashboard(days: DashboardDays) {
  return useQuery(dashboardQueryOptions(days));
}
