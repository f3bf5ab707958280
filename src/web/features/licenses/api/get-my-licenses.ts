import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LICENSES_PAGE_SIZE } from '#shared/licenses.ts';
import { call } from '#web/lib/api.ts';

export type { CreatorLicense } from '#shared/licenses.ts';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const MY_LICENSES_QUERY_KEY = ['my-licenses'] as const;

/** GET /api/my/licenses: the keys of the signed-in creator's products, newest first, paged. */
export const getMyLicenses = (page: number, signal?: AbortSignal) =>
  call('GET /api/my/licenses', { query: { page, pageSize: LICENSES_PAGE_SIZE }, signal });

export const getMyLicensesQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...MY_LICENSES_QUERY_KEY, page], queryFn: ({ signal }) => getMyLicenses(page, signal) });

export function useMyLicenses(page: number) {
  return useQuery({ ...getMyLicensesQueryOptions(page), placeholderData: keepPreviousData });
}
