import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import type { PaymentStart } from './pay-types.ts';

/** POST /api/pay/{invoiceId}/orders: a payment attempt; 409 'This invoice has already been paid.' */
export const startPayment = ({ invoiceId, email }: { invoiceId: string; email?: string }): Promise<{ order: { id: string; totalCents: number }; start: PaymentStart }> =>
  api(`/api/pay/${encodeURIComponent(invoiceId)}/orders`, { method: 'POST', body: email ? { email } : {} });

export function useStartPayment() {
  return useMutation({ mutationFn: startPayment });
}
