import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkUpdate } from '#shared/links-api.ts';
import { call } from '#web/lib/api.ts';
import { domainQuery, LINKS_QUERY_KEY, type LinkAddress } from './types.ts';

/** PATCH /api/links/{code}?domain=: only the fields sent change; 400 (a bad field), 404 (not the user's link), 409 (code taken). */
export const updateLink = ({ code, domain, changes }: LinkAddress & { changes: LinkUpdate }) =>
  call('PATCH /api/links/:code', { params: { code }, query: domainQuery(domain), body: changes });

export function useUpdateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LINKS_QUERY_KEY }),
  });
}
