import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** GET /api/orders/{id}, read here only for its status (shares the cache key with the payment page). */
export const getOrderStatus = async (id: string, signal?: AbortSignal) => (await call('GET /api/orders/:id', { params: { id }, signal })).order;

export const orderStatusQueryOptions = (id: string) => queryOptions({ queryKey: ['orders', id] as const, queryFn: ({ signal }) => getOrderStatus(id, signal) });

export function useOrderStatus(id: string | undefined) {
  return useQuery({ ...orderStatusQueryOptions(id ?? ''), enabled: Boolean(id) });
}
