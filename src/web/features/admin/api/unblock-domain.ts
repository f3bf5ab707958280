import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { blockedDomainsQueryOptions } from './get-blocked-domains.ts';

/** DELETE /api/admin/blocked-domains/{domain}: 204; links to the domain redirect again. */
export const unblockDomain = (domain: string) => call('DELETE /api/admin/blocked-domains/:domain', { params: { domain } });

export function useUnblockDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockDomain,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedDomainsQueryOptions().queryKey }),
  });
}
