import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { webhookDeliveriesQueryOptions } from './get-webhook-deliveries.ts';

/** POST /api/webhooks/{id}/test: 202 with the queued webhook.test delivery. */
export const sendTestWebhook = (id: string) => call('POST /api/webhooks/:id/test', { params: { id } });

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    onSuccess: (_delivery, id) => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryOptions(id).queryKey }),
  });
}
