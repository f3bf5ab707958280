import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { INVOICES_QUERY_KEY, type Invoice } from './types.ts';

/** POST /api/invoices/{id}/mark-paid: pending → paid (409 when it is not pending). */
export const markInvoicePaid = (id: string): Promise<{ invoice: Invoice }> =>
  api(`/api/invoices/${encodeURIComponent(id)}/mark-paid`, { method: 'POST', body: {} });

export function useMarkInvoicePaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInvoicePaid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVOICES_QUERY_KEY }),
  });
}
