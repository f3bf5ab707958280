import { useMutation } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** POST /api/invoices/{id}/send: e-mails the invoice and its payment link to the client. */
export const sendInvoice = (id: string) => call('POST /api/invoices/:id/send', { params: { id }, body: {} });

export function useSendInvoice() {
  return useMutation({ mutationFn: sendInvoice });
}
