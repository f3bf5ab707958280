import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { domainQuery, LINKS_QUERY_KEY } from './types.ts';

/** GET /api/links/{code}?domain=: public details of one link (404 titled 'Not Found'). */
export const getLink = (code: string, signal?: AbortSignal, domain?: string | null) =>
  call('GET /api/links/:code', { params: { code }, query: domainQuery(domain), signal });

export const getLinkQueryOptions = (code: string, domain?: string | null) =>
  queryOptions({
    queryKey: [...LINKS_QUERY_KEY, 'detail', domain ?? '', code],
    queryFn: ({ signal }) => getLink(code, signal, domain),
    staleTime: 0,
  });

export function useLink(code: string, { enabled = true, domain }: { enabled?: boolean; domain?: string | null } = {}) {
  return useQuery({ ...getLinkQueryOptions(code, domain), enabled: enabled && code !== '' });
}

/** The check-link form: one lookup per submit, so a repeated check always asks the server again. */
export function useCheckLink() {
  return useMutation({ mutationFn: (code: string) => getLink(code) });
}
