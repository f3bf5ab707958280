import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '#shared/auth.ts';
import { api, ApiError, call, errorMessage } from './api.ts';
import { i18n } from './i18n.ts';
import { ACCOUNT_SUSPENDED_CODE, markSuspended } from './suspension.ts';
import { showToast } from './toast.ts';

/**
 * GET /api/me: the signed-in user, or null when signed out. A session ended by a suspension (403)
 * is signed out too, its cookie cleared by signing out, and the reason kept for /auth.
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    const { user } = await call('GET /api/me');
    return user;
  } catch (error) {
    if (!(error instanceof ApiError && error.code === ACCOUNT_SUSPENDED_CODE)) throw error;
    markSuspended();
    await signOut().catch(() => {});
    return null;
  }
}

export const currentUserQueryKey = ['me'] as const;

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser, staleTime: 5 * 60_000, retry: 1 });

/** The signed-in user (data is null when signed out, undefined while loading). */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

// better-auth's own route: not in Zerri's contract.
export const signOut = (): Promise<unknown> => api('/api/auth/sign-out', { method: 'POST', body: {} });

/** Signs out, forgets every cached query, toasts 'Logged Out' and goes to /auth (SPEC §4 SIGNED_OUT). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => !['me', 'site'].includes(String(query.queryKey[0])) });
      showToast({ title: i18n.t('session.loggedOut'), description: i18n.t('session.loggedOutDescription'), variant: 'success' });
      void navigate('/auth', { replace: true });
    },
    onError: (error) => {
      showToast({ title: i18n.t('session.logoutFailed'), description: errorMessage(error), variant: 'error' });
    },
  });
}
