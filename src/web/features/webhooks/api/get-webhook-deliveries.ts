import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { deliveriesRefreshMs } from '../utils/delivery-state.ts';

/** GET /api/webhooks/{id}/deliveries: the endpoint's last 50 deliveries, newest first. */
export const getWebhookDeliveries = (id: string) => call('GET /api/webhooks/:id/deliveries', { params: { id } });

export const webhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['webhook-deliveries', id], queryFn: () => getWebhookDeliveries(id) });

/** Asked again while deliveries are on their way (deliveries are sent by a background task, not by the request). */
export function useWebhookDeliveries(id: string, hurryUntil: number) {
  return useQuery({
    ...webhookDeliveriesQueryOptions(id),
    refetchInterval: (query) => deliveriesRefreshMs(query.state.data?.items ?? [], Date.now(), hurryUntil),
  });
}
