import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import type { LinkCreate } from '#shared/links-api.ts';
import { LINKS_QUERY_KEY } from './types.ts';

/** The URL, a custom code (left out for a random 6-character alias) and any setting an edit can change. */
export type CreateLinkInput = LinkCreate;

/** POST /api/links: 201 with the new link; 400 (bad URL or code), 409 (code taken), 429 (anonymous rate limit). */
export const createLink = (input: CreateLinkInput) => call('POST /api/links', { body: input });

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LINKS_QUERY_KEY }),
  });
}
