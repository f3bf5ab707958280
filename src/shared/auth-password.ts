import { z } from 'zod';
import { AUTH_MESSAGES, passwordLengthProblem } from './auth.ts';

// The password forms of the settings page, with the sign-up form's rules and texts.

export const PASSWORD_FORM_MESSAGES = {
  currentRequired: 'Please enter your current password.',
  passwordRequired: 'Please enter your password.',
} as const;

/** Change password: the current one, then the new one twice (the length first, then the match). */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, PASSWORD_FORM_MESSAGES.currentRequired),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    const problem = passwordLengthProblem(value.newPassword);
    if (problem) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: problem });
    else if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.passwordMismatch });
    }
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** The account's password typed again to confirm a step (deleting the account, changing two-factor sign-in); the server checks it. */
export const passwordConfirmationSchema = z.object({
  password: z.string().min(1, PASSWORD_FORM_MESSAGES.passwordRequired).max(256),
});
export type PasswordConfirmation = z.infer<typeof passwordConfirmationSchema>;
