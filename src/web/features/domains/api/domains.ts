import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DomainPurpose } from '#shared/domains.ts';
import { call } from '#web/lib/api.ts';

/** GET /api/domains: my domains, oldest first, and how many my plan allows. */
export const domainsQueryOptions = () => queryOptions({ queryKey: ['domains'], queryFn: () => call('GET /api/domains') });

export function useDomains() {
  return useQuery(domainsQueryOptions());
}

/** Every change answers the domain (or nothing): the list is fetched again. */
function useDomainMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsQueryOptions().queryKey }) });
}

/** POST /api/domains: 201 with the domain and the DNS records to add. */
export const useAddDomain = () =>
  useDomainMutation((input: { hostname: string; purpose: DomainPurpose }) => call('POST /api/domains', { body: input }));

/** POST /api/domains/:id/verify: looks the records up now. */
export const useCheckDomain = () => useDomainMutation((id: string) => call('POST /api/domains/:id/verify', { params: { id } }));

/** DELETE /api/domains/:id: 204. */
export const useRemoveDomain = () => useDomainMutation((id: string) => call('DELETE /api/domains/:id', { params: { id } }));
