import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { api } from '#web/lib/api.ts';
import { passkeysQueryOptions } from './get-passkeys.ts';

/**
 * Registers a passkey for the signed-in account: the server's options (GET
 * /api/auth/passkey/generate-register-options, for PUBLIC_URL's host), the browser creates the
 * credential on this device, and POST /api/auth/passkey/verify-registration stores its public key.
 */
export async function addPasskey(name: string): Promise<unknown> {
  // The name is only ours (sent with the result); the authenticator lists the account by its e-mail.
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>('/api/auth/passkey/generate-register-options');
  const response = await startRegistration({ optionsJSON });
  return api('/api/auth/passkey/verify-registration', {
    method: 'POST',
    body: { response, ...(name.trim() ? { name: name.trim() } : {}) },
  });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey }),
  });
}
