import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { LINKS_QUERY_KEY } from './types.ts';

export type { MyLinksPage } from './types.ts';

export type LinkSort = 'date' | 'clicks';

export interface MyLinksParams {
  page: number;
  pageSize: number;
  q: string;
  sort: LinkSort;
  /** Only links with this tag (its id). */
  tag?: number;
}

/** GET /api/links: the signed-in user's links, paged, searched and sorted. */
export function getMyLinks({ page, pageSize, q, sort, tag }: MyLinksParams, signal?: AbortSignal) {
  return call('GET /api/links', { query: { page, pageSize, sort, q: q.trim() || undefined, tag }, signal });
}

export const MY_LINKS_QUERY_KEY = [...LINKS_QUERY_KEY, 'mine'] as const;

export const getMyLinksQueryOptions = (params: MyLinksParams) =>
  queryOptions({
    queryKey: [...MY_LINKS_QUERY_KEY, params],
    queryFn: ({ signal }) => getMyLinks(params, signal),
    placeholderData: keepPreviousData,
  });

export function useMyLinks(params: MyLinksParams) {
  return useQuery(getMyLinksQueryOptions(params));
}
