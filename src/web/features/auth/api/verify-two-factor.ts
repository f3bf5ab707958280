import { useMutation } from '@tanstack/react-query';
import { normalizeRecoveryCode, normalizeTotpCode } from '#shared/auth-two-factor.ts';
import type { CurrentUser } from '#shared/auth.ts';
import { api } from '#web/lib/api.ts';
import { signedInUser } from './sign-in.ts';

export type SecondFactor = { method: 'totp'; code: string } | { method: 'recovery'; code: string };

/**
 * The second step of a sign-in: POST /api/auth/two-factor/verify-totp (a code from the
 * authenticator app) or /verify-backup-code (a recovery code, used up by this sign-in).
 * 401 invalid_code, invalid_backup_code or totp_code_reused; the challenge lasts 10 minutes.
 */
export async function verifySecondFactor(factor: SecondFactor): Promise<CurrentUser> {
  if (factor.method === 'totp') {
    await api('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code: normalizeTotpCode(factor.code) } });
  } else {
    await api('/api/auth/two-factor/verify-backup-code', { method: 'POST', body: { code: normalizeRecoveryCode(factor.code) } });
  }
  return signedInUser();
}

export function useVerifySecondFactor() {
  return useMutation({ mutationFn: verifySecondFactor });
}
