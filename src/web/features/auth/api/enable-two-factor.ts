import { useMutation } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** `totpURI` (`otpauth://totp/...`) is shown as a QR code, its secret also as a key to type; the ten recovery codes once the first code is confirmed. */
export type { TwoFactorSetup } from '#shared/auth-api.ts';

/**
 * POST /api/auth/two-factor/enable `{ password }`: starts the set-up (400 invalid_password). Two-factor
 * sign-in stays off until a first code from the app is confirmed (confirm-two-factor.ts).
 */
export const enableTwoFactor = (password: string) => call('POST /api/auth/two-factor/enable', { body: { password } });

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
