import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { INVOICES_QUERY_KEY, type Invoice } from './types.ts';

/** POST /api/invoices/payment-requests: a pending payment request for an amount, with its /pay link. */
export const createPaymentRequest = (input: { amount: string; description: string }): Promise<{ invoice: Invoice }> =>
  api('/api/invoices/payment-requests', { method: 'POST', body: input });

export function useCreatePaymentRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVOICES_QUERY_KEY }),
  });
}
