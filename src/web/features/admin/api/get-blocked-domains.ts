import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

export interface BlockedDomain {
  domain: string;
  createdAt: string;
  createdBy: string | null;
}

/** GET /api/admin/blocked-domains: the ZerriLink domain blocklist (admins only). */
export const getBlockedDomains = (): Promise<{ items: BlockedDomain[] }> => api<{ items: BlockedDomain[] }>('/api/admin/blocked-domains');

export const blockedDomainsQueryOptions = () => queryOptions({ queryKey: ['admin', 'blocked-domains'], queryFn: getBlockedDomains });

export function useBlockedDomains() {
  return useQuery(blockedDomainsQueryOptions());
}
