import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { INVOICES_QUERY_KEY } from './types.ts';

export interface CreateInvoiceInput {
  clientName: string;
  clientEmail: string;
  description: string;
  items: { name: string; quantity: string; unitPrice: string }[];
}

/** POST /api/invoices: 201 with the pending invoice; 400 'Missing Fields: …' otherwise. */
export const createInvoice = (input: CreateInvoiceInput) => call('POST /api/invoices', { body: input });

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVOICES_QUERY_KEY }),
  });
}
