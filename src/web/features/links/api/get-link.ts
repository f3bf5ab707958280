import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { LINKS_QUERY_KEY } from './types.ts';

/** GET /api/links/{code}: public details of one link (404 titled 'Not Found'). */
export const getLink = (code: string, signal?: AbortSignal) => call('GET /api/links/:code', { params: { code }, signal });

export const getLinkQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [...LINKS_QUERY_KEY, 'detail', code],
    queryFn: ({ signal }) => getLink(code, signal),
    staleTime: 0,
  });

export function useLink(code: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getLinkQueryOptions(code), enabled: enabled && code !== '' });
}

/** The check-link form: one lookup per submit, so a repeated check always asks the server again. */
export function useCheckLink() {
  return useMutation({ mutationFn: (code: string) => getLink(code) });
}
