import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { LINKS_QUERY_KEY } from './types.ts';

/** GET /api/link-domains: the account's verified links domains, where its links may live. */
export const linkDomainsQueryOptions = () =>
  queryOptions({
    queryKey: [...LINKS_QUERY_KEY, 'domains'],
    queryFn: ({ signal }) => call('GET /api/link-domains', { signal }),
  });

/** The host names a link may be made on besides this site (none: the forms show no choice). */
export function useLinkDomains({ enabled = true }: { enabled?: boolean } = {}): string[] {
  return useQuery({ ...linkDomainsQueryOptions(), enabled }).data?.items.map((item) => item.hostname) ?? [];
}
