import { WebAuthnError } from '@simplewebauthn/browser';
import { ApiError } from '#web/lib/api.ts';
import { i18n } from '#web/lib/i18n.ts';
import { authErrorMessage } from './auth-message.ts';

/**
 * The text for a failed two-factor or passkey request, by the server's error code (better-auth's
 * plugins and our guards) or the browser's WebAuthn error, in the interface language.
 */
export function securityErrorMessage(error: unknown): string {
  const t = i18n.getFixedT(null, 'auth');
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'invalid_code':
        return t('securityErrors.invalidCode');
      case 'invalid_backup_code':
        return t('securityErrors.invalidRecoveryCode');
      case 'totp_code_reused':
        return t('securityErrors.codeReused');
      case 'account_temporarily_locked':
        return t('securityErrors.locked');
      case 'invalid_two_factor_cookie':
      case 'too_many_attempts_request_new_code':
        return t('securityErrors.challengeExpired');
      case 'invalid_password':
      case 'password_wrong':
        return t('securityErrors.invalidPassword');
      case 'session_not_fresh':
        return t('securityErrors.sessionNotFresh');
      case 'passkey_not_found':
        return t('securityErrors.passkeyUnknown');
      case 'authentication_failed':
        return t('securityErrors.passkeyFailed');
      case 'challenge_not_found':
        return t('securityErrors.passkeyExpired');
      case 'failed_to_verify_registration':
        return t('securityErrors.passkeyRegistration');
    }
  }
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return t('securityErrors.passkeyExists');
    if (error.code === 'ERROR_CEREMONY_ABORTED') return t('securityErrors.passkeyCancelled');
    return t('securityErrors.passkeyUnsupported');
  }
  // The browser's own refusal: the person cancelled, or the prompt timed out.
  if (error instanceof Error && error.name === 'NotAllowedError') return t('securityErrors.passkeyCancelled');
  return authErrorMessage(error);
}

/** A sign-in challenge that can no longer be answered: the person starts again with the password. */
export const isExpiredChallenge = (error: unknown) =>
  error instanceof ApiError && ['invalid_two_factor_cookie', 'too_many_attempts_request_new_code'].includes(error.code);
