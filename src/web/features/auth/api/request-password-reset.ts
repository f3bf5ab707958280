import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { AUTH_MESSAGES } from '#shared/auth.ts';
import { api } from '#web/lib/api.ts';

export const RESET_PASSWORD_PATH = '/auth/reset-password';

export const requestPasswordResetInputSchema = z.object({
  email: z.string().trim().min(1, AUTH_MESSAGES.emailRequired).pipe(z.email(AUTH_MESSAGES.emailInvalid)),
});
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetInputSchema>;

/** POST /api/auth/request-password-reset: mails a link to /auth/reset-password?token=… (if the account exists). */
export const requestPasswordReset = ({ email }: RequestPasswordResetInput): Promise<unknown> =>
  api('/api/auth/request-password-reset', { method: 'POST', body: { email, redirectTo: RESET_PASSWORD_PATH } });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
