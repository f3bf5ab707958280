import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeySummary } from '#shared/api-keys.ts';
import { api } from '#web/lib/api.ts';
import { apiKeysQueryOptions } from './get-api-keys.ts';

export interface CreatedApiKey {
  apiKey: ApiKeySummary;
  /** The whole key: answered this once, never again. */
  key: string;
}

/** POST /api/api-keys: 201 with the new key. */
export const createApiKey = (name: string): Promise<CreatedApiKey> => api<CreatedApiKey>('/api/api-keys', { method: 'POST', body: { name } });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
