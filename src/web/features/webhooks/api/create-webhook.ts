import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointInput } from '#shared/webhooks-api.ts';
import { call } from '#web/lib/api.ts';
import type { ResponseOf } from '#web/lib/api-routes.ts';
import { webhooksQueryOptions } from './get-webhooks.ts';

/** The new endpoint and its signing secret (answered this once, never again). */
export type CreatedWebhook = ResponseOf<'POST /api/webhooks'>;

/** POST /api/webhooks: 201 with the endpoint and its secret. */
export const createWebhook = (input: WebhookEndpointInput) => call('POST /api/webhooks', { body: input });

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey }),
  });
}
