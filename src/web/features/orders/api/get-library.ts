import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

export type { LibraryItem } from './types.ts';

/** GET /api/library: the buyer's purchases; each `downloadUrl` is signed and expires within an hour. */
export const getLibrary = (signal?: AbortSignal) => call('GET /api/library', { signal });

// Signed links last an hour: the list is fetched again well before they expire.
export const libraryQueryOptions = () =>
  queryOptions({ queryKey: ['library'] as const, queryFn: ({ signal }) => getLibrary(signal), staleTime: 5 * 60_000, refetchInterval: 30 * 60_000 });

export function useLibrary(enabled: boolean) {
  return useQuery({ ...libraryQueryOptions(), enabled });
}
