import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { webhookDeliveriesQueryOptions } from './get-webhook-deliveries.ts';

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/resend: 202; sent again now, with the same webhook-id. */
export const resendWebhookDelivery = ({ id, deliveryId }: { id: string; deliveryId: string }) =>
  call('POST /api/webhooks/:id/deliveries/:deliveryId/resend', { params: { id, deliveryId } });

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: (_delivery, { id }) => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryOptions(id).queryKey }),
  });
}
