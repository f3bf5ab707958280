import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { domainQuery, LINKS_QUERY_KEY, type LinkAddress } from './types.ts';

/** DELETE /api/links/{code}?domain=: 204; 404 when the link is not the user's. */
export const deleteLink = ({ code, domain }: LinkAddress) => call('DELETE /api/links/:code', { params: { code }, query: domainQuery(domain) });

export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LINKS_QUERY_KEY }),
  });
}
