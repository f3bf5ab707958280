import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { AUTH_MESSAGES, type CurrentUser } from '#shared/auth.ts';
import { coded } from '#shared/messages.ts';
import { api } from '#web/lib/api.ts';
import { getCurrentUser } from '#web/lib/auth.ts';
import { MessageError } from '#web/lib/server-message.ts';

export const signInInputSchema = z.object({
  email: z.string().trim().min(1, AUTH_MESSAGES.emailRequired).pipe(z.email(AUTH_MESSAGES.emailInvalid)),
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

/** Signed in, or the password was right and the account asks for its second factor next. */
export type SignInResult = { kind: 'signed-in'; user: CurrentUser } | { kind: 'two-factor' };

/**
 * POST /api/auth/sign-in/email: sets the session cookie (401 bad credentials, 403 email_not_verified,
 * 429), or answers `{ twoFactorRedirect: true }` with a short-lived challenge cookie instead.
 */
export const signIn = (input: SignInInput): Promise<{ twoFactorRedirect?: boolean } | null> =>
  api('/api/auth/sign-in/email', { method: 'POST', body: input });

/** The signed-in user after a sign-in step, read fresh from /api/me. */
export async function signedInUser(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) throw new MessageError(coded(AUTH_MESSAGES, 'sessionUnreadable'));
  return user;
}

/**
 * Signs in, then reads the fresh current user and returns it; the caller puts it into the
 * ['me'] query once it has chosen where to go (so the page does not redirect twice).
 */
export function useSignIn() {
  return useMutation({
    mutationFn: async (input: SignInInput): Promise<SignInResult> => {
      const answer = await signIn(input);
      if (answer?.twoFactorRedirect) return { kind: 'two-factor' };
      return { kind: 'signed-in', user: await signedInUser() };
    },
  });
}
