import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

/** An order as GET /api/orders/{id} shows it to whoever holds its id. */
export interface PublicOrder {
  id: string;
  kind: 'products' | 'invoice';
  status: 'pending' | 'paid' | 'failed';
  totalCents: number;
  /** 'none': a free order, made while no payment provider is set up. */
  provider: 'test' | 'stripe' | 'none';
  failureMessage: string | null;
  items: { productId: string; name: string; priceCents: number }[];
  createdAt: string;
  paidAt: string | null;
}

export const getOrder = async (id: string, signal?: AbortSignal): Promise<PublicOrder> =>
  (await api<{ order: PublicOrder }>(`/api/orders/${encodeURIComponent(id)}`, { signal })).order;

export const getOrderQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['orders', id] as const, queryFn: ({ signal }) => getOrder(id, signal) });

/** The order; while a Stripe payment is pending it is asked again every 1.5 s (the webhook may come after the buyer). */
export function useOrder(id: string) {
  return useQuery({
    ...getOrderQueryOptions(id),
    refetchInterval: (query) => (query.state.data?.status === 'pending' && query.state.data.provider === 'stripe' ? 1500 : false),
  });
}
