import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { getOrderQueryOptions } from './get-order.ts';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/** POST /api/orders/{id}/pay: 200 `{ status: 'paid' }`, 402 when the card is declined, 400 when it is malformed. */
export const payOrder = ({ orderId, card }: { orderId: string; card: CardInput }) =>
  call('POST /api/orders/:id/pay', { params: { id: orderId }, body: { card } });

export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    onSettled: (_data, _error, { orderId }) => queryClient.invalidateQueries({ queryKey: getOrderQueryOptions(orderId).queryKey }),
  });
}
