import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { webhookEndpointChangeSchema } from '#shared/webhooks-api.ts';
import { call } from '#web/lib/api.ts';
import { webhooksQueryOptions } from './get-webhooks.ts';

export type WebhookChange = z.input<typeof webhookEndpointChangeSchema>;

/** PATCH /api/webhooks/{id}: URL, description, events or enabled; switching on again clears why Zerri switched it off. */
export const updateWebhook = ({ id, change }: { id: string; change: WebhookChange }) => call('PATCH /api/webhooks/:id', { params: { id }, body: change });

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey }),
  });
}
