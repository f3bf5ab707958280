import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { LINKS_QUERY_KEY } from './types.ts';

export interface CreateLinkInput {
  url: string;
  /** A custom code; left out for a random 6-character alias. */
  code?: string;
}

/** POST /api/links: 201 with the new link; 400 (bad URL or code), 409 (code taken), 429 (anonymous rate limit). */
export const createLink = (input: CreateLinkInput) => call('POST /api/links', { body: input });

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LINKS_QUERY_KEY }),
  });
}
