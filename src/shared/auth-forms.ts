import { z } from 'zod';
import { ACCOUNT_NAME_MAX, AUTH_MESSAGES, passwordLengthProblem, SIGNUP_ROLES } from './auth.ts';

// Kept apart from auth.ts: zod comes only with the sign-up form, not with the first view.

export const signUpFormSchema = z
  .object({
    name: z.string().trim().min(1, AUTH_MESSAGES.fullNameRequired).max(ACCOUNT_NAME_MAX, AUTH_MESSAGES.nameTooLong),
    email: z.email(AUTH_MESSAGES.emailInvalid),
    password: z.string(),
    confirmPassword: z.string(),
    role: z.enum(SIGNUP_ROLES),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.passwordMismatch });
      return;
    }
    const problem = passwordLengthProblem(value.password);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;
