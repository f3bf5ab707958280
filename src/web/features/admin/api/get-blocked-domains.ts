import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

export type { BlockedDomain } from '#shared/links-api.ts';

/** GET /api/admin/blocked-domains: the ZerriLink domain blocklist (admins only). */
export const getBlockedDomains = () => call('GET /api/admin/blocked-domains');

export const blockedDomainsQueryOptions = () => queryOptions({ queryKey: ['admin', 'blocked-domains'], queryFn: getBlockedDomains });

export function useBlockedDomains() {
  return useQuery(blockedDomainsQueryOptions());
}
