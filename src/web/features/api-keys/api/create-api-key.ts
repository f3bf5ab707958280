import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { apiKeysQueryOptions } from './get-api-keys.ts';

/** The new key's summary and the whole key (answered this once, never again). */
export type { CreatedApiKey } from '#shared/api-keys-api.ts';

/** POST /api/api-keys: 201 with the new key. */
export const createApiKey = (name: string) => call('POST /api/api-keys', { body: { name } });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
