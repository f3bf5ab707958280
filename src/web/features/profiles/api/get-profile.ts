import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '#shared/profiles.ts';
import { call } from '#web/lib/api.ts';

/** Every query of the signed-in user's profile; the profile page, settings and the preferences sync share it. */
export const PROFILE_QUERY_KEY = ['profile'] as const;

/** GET /api/profile: my own profile; 401 'User not found. Please log in.' when signed out. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const { profile } = await call('GET /api/profile', { signal });
  return profile;
}

export const profileQueryOptions = () => queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: ({ signal }) => getProfile(signal) });

export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
