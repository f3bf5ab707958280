import { z } from 'zod';
import { isRecoveryCode, isTotpCode, TOTP_DIGITS } from './auth-two-factor.ts';

// The second-factor code forms (sign-in, and turning two-factor sign-in on); better-auth checks the codes.

export const TWO_FACTOR_FORM_MESSAGES = {
  codeInvalid: `Enter the ${TOTP_DIGITS}-digit code from your authenticator app.`,
  recoveryInvalid: 'Enter a recovery code like abcde-12345.',
} as const;

/** The authenticator app's code as typed (spaces and dashes allowed). */
export const totpCodeSchema = z.string().refine(isTotpCode, TWO_FACTOR_FORM_MESSAGES.codeInvalid);

/** The second step of a sign-in: the app's code, or one of the recovery codes. */
export const secondFactorFormSchema = z
  .object({ method: z.enum(['totp', 'recovery']), code: z.string() })
  .superRefine(({ method, code }, ctx) => {
    if (method === 'totp' ? !isTotpCode(code) : !isRecoveryCode(code)) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: method === 'totp' ? TWO_FACTOR_FORM_MESSAGES.codeInvalid : TWO_FACTOR_FORM_MESSAGES.recoveryInvalid });
    }
  });
export type SecondFactorForm = z.infer<typeof secondFactorFormSchema>;

/** Turning two-factor sign-in on: the app's first code. */
export const confirmTwoFactorFormSchema = z.object({ code: totpCodeSchema });
export type ConfirmTwoFactorForm = z.infer<typeof confirmTwoFactorFormSchema>;
