import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { passkeysQueryOptions } from './get-passkeys.ts';

/** POST /api/auth/passkey/delete-passkey `{ id }`: only the owner's own passkeys. */
export const deletePasskey = (id: string): Promise<unknown> => api('/api/auth/passkey/delete-passkey', { method: 'POST', body: { id } });

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey }),
  });
}
