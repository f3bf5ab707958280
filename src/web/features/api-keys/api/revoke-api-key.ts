import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { apiKeysQueryOptions } from './get-api-keys.ts';

/** DELETE /api/api-keys/{id}: 204; the key stops working at once. */
export const revokeApiKey = (id: string) => call('DELETE /api/api-keys/:id', { params: { id } });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
