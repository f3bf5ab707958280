import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

export type { PublicOrder } from './types.ts';

/** GET /api/orders/{id}: the order as whoever holds its id may see it. */
export const getOrder = async (id: string, signal?: AbortSignal) => (await call('GET /api/orders/:id', { params: { id }, signal })).order;

export const getOrderQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['orders', id] as const, queryFn: ({ signal }) => getOrder(id, signal) });

/** The order; while a Stripe payment is pending it is asked again every 1.5 s (the webhook may come after the buyer). */
export function useOrder(id: string) {
  return useQuery({
    ...getOrderQueryOptions(id),
    refetchInterval: (query) => (query.state.data?.status === 'pending' && query.state.data.provider === 'stripe' ? 1500 : false),
  });
}
