import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

export interface TwoFactorSetup {
  /** `otpauth://totp/...`: shown as a QR code, its secret also as a key to type. */
  totpURI: string;
  /** Ten single-use recovery codes, shown once after the first code is confirmed. */
  backupCodes: string[];
}

/**
 * POST /api/auth/two-factor/enable `{ password }`: starts the set-up (400 invalid_password). Two-factor
 * sign-in stays off until a first code from the app is confirmed (confirm-two-factor.ts).
 */
export const enableTwoFactor = (password: string): Promise<TwoFactorSetup> =>
  api<TwoFactorSetup>('/api/auth/two-factor/enable', { method: 'POST', body: { password } });

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
