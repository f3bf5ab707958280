import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { LINKS_QUERY_KEY, type ShortLink } from './types.ts';

export type LinkSort = 'date' | 'clicks';

export interface MyLinksParams {
  page: number;
  pageSize: number;
  q: string;
  sort: LinkSort;
}

export interface MyLinksPage {
  items: ShortLink[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/links: the signed-in user's links, paged, searched and sorted. */
export function getMyLinks({ page, pageSize, q, sort }: MyLinksParams, signal?: AbortSignal): Promise<MyLinksPage> {
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize), sort });
  if (q.trim()) search.set('q', q.trim());
  return api<MyLinksPage>(`/api/links?${search.toString()}`, { signal });
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
