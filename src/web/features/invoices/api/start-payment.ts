import { useMutation } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** POST /api/pay/{invoiceId}/orders: a payment attempt; 409 'This invoice has already been paid.' */
export const startPayment = ({ invoiceId, email }: { invoiceId: string; email?: string }) =>
  call('POST /api/pay/:invoiceId/orders', { params: { invoiceId }, body: email ? { email } : {} });

export function useStartPayment() {
  return useMutation({ mutationFn: startPayment });
}
