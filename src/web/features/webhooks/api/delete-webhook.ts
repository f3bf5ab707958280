import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { webhooksQueryOptions } from './get-webhooks.ts';

/** DELETE /api/webhooks/{id}: 204; the endpoint and its delivery log are gone. */
export const deleteWebhook = (id: string) => call('DELETE /api/webhooks/:id', { params: { id } });

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey }),
  });
}
