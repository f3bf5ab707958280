import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

/** A purchase in the buyer's library (GET /api/library); `downloadUrl` is signed and expires within an hour. */
export interface LibraryItem {
  saleId: string;
  productId: string | null;
  productName: string;
  creatorName: string | null;
  category: string | null;
  cardUrl: string | null;
  fileName: string | null;
  amountCents: number;
  status: 'completed' | 'refunded';
  createdAt: string;
  downloadCount: number;
  downloadUrl: string | null;
  reviewed: boolean;
}

export const getLibrary = (signal?: AbortSignal) => api<{ items: LibraryItem[] }>('/api/library', { signal });

// Signed links last an hour: the list is fetched again well before they expire.
export const libraryQueryOptions = () =>
  queryOptions({ queryKey: ['library'] as const, queryFn: ({ signal }) => getLibrary(signal), staleTime: 5 * 60_000, refetchInterval: 30 * 60_000 });

export function useLibrary(enabled: boolean) {
  return useQuery({ ...libraryQueryOptions(), enabled });
}
