import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Currency, STORE_CURRENCY } from '#shared/money.ts';
import type { Profile } from '#shared/profiles.ts';
import { call } from './api.ts';

/** Every query of the signed-in user's profile; the profile page, settings, the preferences sync and the store currency share it. */
export const PROFILE_QUERY_KEY = ['profile'] as const;

/** GET /api/profile: my own profile; 401 'User not found. Please log in.' when signed out. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const { profile } = await call('GET /api/profile', { signal });
  return profile;
}

export const profileQueryOptions = () => queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: ({ signal }) => getProfile(signal) });

/** The signed-in creator's store currency (their prices, discounts, invoices and payouts); USD until the profile loads. */
export function useStoreCurrency(): Currency {
  const { data } = useQuery(profileQueryOptions());
  return data?.currency ?? STORE_CURRENCY;
}
