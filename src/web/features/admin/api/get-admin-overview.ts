import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

export interface AdminOverview {
  totalCreators: number;
  totalUsers: number;
}

/** GET /api/admin/overview: platform-wide totals (403 for non-admins). */
export const getAdminOverview = (): Promise<AdminOverview> => api<AdminOverview>('/api/admin/overview');

export const adminOverviewQueryOptions = () => queryOptions({ queryKey: ['admin', 'overview'], queryFn: getAdminOverview });

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions());
}
