import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { PAYOUTS_QUERY_KEY } from './types.ts';

/** GET /api/payouts: my available balance, payout method and payout history. */
export const getPayouts = (signal?: AbortSignal) => call('GET /api/payouts', { signal });

export const getPayoutsQueryOptions = () => queryOptions({ queryKey: PAYOUTS_QUERY_KEY, queryFn: ({ signal }) => getPayouts(signal) });

export function usePayouts() {
  return useQuery(getPayoutsQueryOptions());
}
