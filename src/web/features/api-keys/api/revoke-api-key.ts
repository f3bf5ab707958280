import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { apiKeysQueryOptions } from './get-api-keys.ts';

/** DELETE /api/api-keys/{id}: 204; the key stops working at once. */
export const revokeApiKey = (id: string): Promise<unknown> => api(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
