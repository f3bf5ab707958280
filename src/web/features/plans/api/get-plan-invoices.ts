import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** GET /api/my/plan/invoices: the charges of my plan, newest first. */
export const getPlanInvoicesQueryOptions = () =>
  queryOptions({ queryKey: ['plans', 'invoices'] as const, queryFn: ({ signal }) => call('GET /api/my/plan/invoices', { signal }) });

export const usePlanInvoices = () => useQuery(getPlanInvoicesQueryOptions());
