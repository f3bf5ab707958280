import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { INVOICES_QUERY_KEY } from './types.ts';

/** GET /api/invoices: my invoices and payment requests, newest first. */
export const getInvoices = (signal?: AbortSignal) => call('GET /api/invoices', { signal });

export const getInvoicesQueryOptions = () => queryOptions({ queryKey: INVOICES_QUERY_KEY, queryFn: ({ signal }) => getInvoices(signal) });

export function useInvoices() {
  return useQuery(getInvoicesQueryOptions());
}
