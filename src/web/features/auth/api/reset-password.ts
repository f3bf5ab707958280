import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { AUTH_MESSAGES, passwordLengthProblem } from '#shared/auth.ts';
import { api } from '#web/lib/api.ts';

/** New password twice, with the sign-up form's rules and texts. */
export const resetPasswordFormSchema = z
  .object({ newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.passwordMismatch });
      return;
    }
    const problem = passwordLengthProblem(value.newPassword);
    if (problem) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: problem });
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** POST /api/auth/reset-password with the token from the mailed link. */
export const resetPassword = (input: { newPassword: string; token: string }): Promise<unknown> =>
  api('/api/auth/reset-password', { method: 'POST', body: input });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
