import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** POST /api/auth/change-password (better-auth); every other session of the account ends. */
export const changePassword = (input: PasswordChange): Promise<unknown> =>
  api('/api/auth/change-password', { method: 'POST', body: { ...input, revokeOtherSessions: true } });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
