import { useMutation } from '@tanstack/react-query';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { CurrentUser } from '#shared/auth.ts';
import { api } from '#web/lib/api.ts';
import { signedInUser } from './sign-in.ts';

/**
 * Sign-in with a passkey: the server's challenge (GET /api/auth/passkey/generate-authenticate-options),
 * the browser asks the authenticator (a discoverable credential, so no e-mail is typed), then
 * POST /api/auth/passkey/verify-authentication checks the signature and sets the session cookie.
 * A passkey is a second factor in itself (the device and its lock), so no code is asked after it.
 */
export async function signInWithPasskey(): Promise<CurrentUser> {
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkey/generate-authenticate-options');
  const response = await startAuthentication({ optionsJSON });
  await api('/api/auth/passkey/verify-authentication', { method: 'POST', body: { response } });
  return signedInUser();
}

export function useSignInWithPasskey() {
  return useMutation({ mutationFn: signInWithPasskey });
}
