import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { INVOICES_QUERY_KEY } from './types.ts';

/** POST /api/invoices/payment-requests: a pending payment request for an amount, with its /pay link. */
export const createPaymentRequest = (input: { amount: string; description: string }) =>
  call('POST /api/invoices/payment-requests', { body: input });

export function useCreatePaymentRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVOICES_QUERY_KEY }),
  });
}
