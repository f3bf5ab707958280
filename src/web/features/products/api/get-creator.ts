import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { STORE_QUERY_KEY, type CreatorProfile } from './store-types.ts';

/** GET /api/store/creators/{slugOrId}: a storefront's owner; 404 'Creator not found.' */
export async function getCreator(slugOrId: string, signal?: AbortSignal): Promise<CreatorProfile> {
  const { creator } = await call('GET /api/store/creators/:slugOrId', { params: { slugOrId }, signal });
  return creator;
}

export const getCreatorQueryOptions = (slugOrId: string) =>
  queryOptions({ queryKey: [...STORE_QUERY_KEY, 'creator', slugOrId], queryFn: ({ signal }) => getCreator(slugOrId, signal) });

export function useCreator(slugOrId: string) {
  return useQuery(getCreatorQueryOptions(slugOrId));
}
