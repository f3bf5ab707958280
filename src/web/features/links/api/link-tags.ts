import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkTagColor } from '#shared/links.ts';
import { call } from '#web/lib/api.ts';
import { LINKS_QUERY_KEY } from './types.ts';

export const LINK_TAGS_QUERY_KEY = [...LINKS_QUERY_KEY, 'tags'] as const;

/** GET /api/link-tags: the signed-in user's tags, by name. */
export const linkTagsQueryOptions = () =>
  queryOptions({
    queryKey: LINK_TAGS_QUERY_KEY,
    queryFn: ({ signal }) => call('GET /api/link-tags', { signal }),
  });

export function useLinkTags() {
  return useQuery(linkTagsQueryOptions());
}

/** POST /api/link-tags: a new tag; 409 when the user has one of that name. */
export function useCreateLinkTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; color: LinkTagColor }) => call('POST /api/link-tags', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LINK_TAGS_QUERY_KEY }),
  });
}
