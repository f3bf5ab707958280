import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** GET /api/admin/site-content: what the public site says, and the server's contact addresses (admins only). */
export const getSiteContent = () => call('GET /api/admin/site-content');

export const siteContentQueryOptions = () => queryOptions({ queryKey: ['admin', 'site-content'], queryFn: getSiteContent });

export function useAdminSiteContent({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...siteContentQueryOptions(), enabled });
}
