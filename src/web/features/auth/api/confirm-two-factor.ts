import { useMutation, useQueryClient } from '@tanstack/react-query';
import { normalizeTotpCode } from '#shared/auth-two-factor.ts';
import { api } from '#web/lib/api.ts';
import { currentUserQueryKey } from '#web/lib/auth.ts';

/**
 * POST /api/auth/two-factor/verify-totp `{ code }` while signed in: the first code from the app turns
 * two-factor sign-in on (better-auth swaps the session cookie for a new one); 401 invalid_code.
 */
export const confirmTwoFactor = (code: string): Promise<unknown> =>
  api('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code: normalizeTotpCode(code) } });

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
