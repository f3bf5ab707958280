import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, isApiError } from '#web/lib/api.ts';
import { payInvoiceQueryKey } from './pay-types.ts';

/** GET /api/pay/{invoiceId}: what the payer sees; 404 for an unknown link. */
export const getPayableInvoice = (invoiceId: string, signal?: AbortSignal) => call('GET /api/pay/:invoiceId', { params: { invoiceId }, signal });

export const getPayableInvoiceQueryOptions = (invoiceId: string) =>
  queryOptions({
    queryKey: payInvoiceQueryKey(invoiceId),
    queryFn: ({ signal }) => getPayableInvoice(invoiceId, signal),
    retry: (failures, error) => !isApiError(error, 404) && failures < 2,
  });

/** `pollWhilePending`: after a provider's page sends the payer back, until its confirmation arrives. */
export function usePayableInvoice(invoiceId: string, pollWhilePending = false) {
  return useQuery({
    ...getPayableInvoiceQueryOptions(invoiceId),
    refetchInterval: (query) => (pollWhilePending && query.state.data?.invoice.status === 'pending' ? 2000 : false),
  });
}
