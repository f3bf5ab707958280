import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { CurrentUser } from '#shared/auth.ts';
import { api } from '#web/lib/api.ts';
import { currentUserQueryOptions } from '#web/lib/auth.ts';

export const signInInputSchema = z.object({
  email: z.string().trim().min(1, 'Please enter your email.').pipe(z.email('Please enter a valid email address.')),
  password: z.string().min(1, 'Please enter your password.'),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

/** POST /api/auth/sign-in/email: sets the session cookie (401 bad credentials, 403 email_not_verified, 429). */
export const signIn = (input: SignInInput): Promise<unknown> => api('/api/auth/sign-in/email', { method: 'POST', body: input });

/** Signs in, then loads the fresh current user into the ['me'] query and returns it. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput): Promise<CurrentUser> => {
      await signIn(input);
      const user = await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });
      if (!user) throw new Error('Signed in, but the session could not be read. Please try again.');
      return user;
    },
  });
}
