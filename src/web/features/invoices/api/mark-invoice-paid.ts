import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { INVOICES_QUERY_KEY } from './types.ts';

/** POST /api/invoices/{id}/mark-paid: pending → paid (409 when it is not pending). */
export const markInvoicePaid = (id: string) => call('POST /api/invoices/:id/mark-paid', { params: { id }, body: {} });

export function useMarkInvoicePaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInvoicePaid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVOICES_QUERY_KEY }),
  });
}
