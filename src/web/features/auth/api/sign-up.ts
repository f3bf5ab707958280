import { useMutation } from '@tanstack/react-query';
import type { SignUpForm } from '#shared/auth-forms.ts';
import { api } from '#web/lib/api.ts';

/** Where the confirmation link in the e-mail lands. */
export const SIGN_UP_CALLBACK_URL = '/auth?verified=1';

export type SignUpInput = Omit<SignUpForm, 'confirmPassword'>;

/** POST /api/auth/sign-up/email: creates the account; no session until the e-mail is confirmed. */
export const signUp = ({ name, email, password, role }: SignUpInput): Promise<unknown> =>
  api('/api/auth/sign-up/email', {
    method: 'POST',
    body: { name, email, password, role, callbackURL: SIGN_UP_CALLBACK_URL },
  });

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
