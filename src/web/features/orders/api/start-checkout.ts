import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

export type PaymentStart = { type: 'card_form' } | { type: 'redirect'; url: string };

/** POST /api/checkout: makes an order of the cart; the buyer then pays it (card form here, or Stripe's page). */
export const startCheckout = (body: { email: string; productIds: string[] }) =>
  api<{ orderId: string; status: 'pending' | 'paid'; totalCents: number; start: PaymentStart }>('/api/checkout', { method: 'POST', body });

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
