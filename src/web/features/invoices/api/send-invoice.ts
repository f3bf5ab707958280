import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

/** POST /api/invoices/{id}/send: e-mails the invoice and its payment link to the client. */
export const sendInvoice = (id: string): Promise<{ sentTo: string }> =>
  api(`/api/invoices/${encodeURIComponent(id)}/send`, { method: 'POST', body: {} });

export function useSendInvoice() {
  return useMutation({ mutationFn: sendInvoice });
}
