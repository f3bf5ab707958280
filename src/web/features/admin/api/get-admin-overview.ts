import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

export type { AdminOverview } from '#shared/admin-api.ts';

/** GET /api/admin/overview: platform-wide totals (403 for non-admins). */
export const getAdminOverview = () => call('GET /api/admin/overview');

export const adminOverviewQueryOptions = () => queryOptions({ queryKey: ['admin', 'overview'], queryFn: getAdminOverview });

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions());
}
