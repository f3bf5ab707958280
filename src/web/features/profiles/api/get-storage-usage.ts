import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { PROFILE_QUERY_KEY } from '#web/lib/profile.ts';

/** GET /api/profile/storage: how much of my plan's storage quota my files and designs take. */
export const getStorageUsage = (signal?: AbortSignal) => call('GET /api/profile/storage', { signal });

// Read fresh whenever Settings opens: uploads elsewhere in the app change it.
export const storageUsageQueryOptions = () =>
  queryOptions({ queryKey: [...PROFILE_QUERY_KEY, 'storage'] as const, queryFn: ({ signal }) => getStorageUsage(signal), staleTime: 0 });

export function useStorageUsage() {
  return useQuery(storageUsageQueryOptions());
}
