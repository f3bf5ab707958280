import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { SIGN_UP_CALLBACK_URL } from './sign-up.ts';

/**
 * POST /api/auth/send-verification-email: mails a new confirmation link, landing where the sign-up
 * one does. 200 whatever the address (no account is revealed); 429 past the auth or mail limits.
 */
export const resendConfirmation = (email: string): Promise<unknown> =>
  api('/api/auth/send-verification-email', { method: 'POST', body: { email, callbackURL: SIGN_UP_CALLBACK_URL } });

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
