import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { blockedDomainsQueryOptions } from './get-blocked-domains.ts';

/** POST /api/admin/blocked-domains: 201 with the normalised domain; 400 for something that is not a domain. */
export const blockDomain = (domain: string) => call('POST /api/admin/blocked-domains', { body: { domain } });

export function useBlockDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockDomain,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedDomainsQueryOptions().queryKey }),
  });
}
