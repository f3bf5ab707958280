import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '#web/lib/api.ts';

export const RESET_PASSWORD_PATH = '/auth/reset-password';

export const requestPasswordResetInputSchema = z.object({
  email: z.string().trim().min(1, 'Please enter your email.').pipe(z.email('Please enter a valid email address.')),
});
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetInputSchema>;

/** POST /api/auth/request-password-reset: mails a link to /auth/reset-password?token=… (if the account exists). */
export const requestPasswordReset = ({ email }: RequestPasswordResetInput): Promise<unknown> =>
  api('/api/auth/request-password-reset', { method: 'POST', body: { email, redirectTo: RESET_PASSWORD_PATH } });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
