import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { currentUserQueryKey } from '#web/lib/auth.ts';

/** POST /api/auth/two-factor/disable `{ password }`: the secret and recovery codes are deleted. */
export const disableTwoFactor = (password: string): Promise<unknown> =>
  api('/api/auth/two-factor/disable', { method: 'POST', body: { password } });

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
