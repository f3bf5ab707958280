import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { blockedDomainsQueryOptions } from './get-blocked-domains.ts';

/** POST /api/admin/blocked-domains: 201 with the normalised domain; 400 for something that is not a domain. */
export const blockDomain = (domain: string): Promise<{ domain: string }> =>
  api<{ domain: string }>('/api/admin/blocked-domains', { method: 'POST', body: { domain } });

export function useBlockDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockDomain,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedDomainsQueryOptions().queryKey }),
  });
}
