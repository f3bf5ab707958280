import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { PAYOUT_ACCOUNT_QUERY_KEY } from './types.ts';

/** GET /api/payouts/account: my payout account at the provider (Stripe Connect), its money there and what was transferred to it. */
export const getPayoutAccount = (signal?: AbortSignal) => call('GET /api/payouts/account', { signal });

export const getPayoutAccountQueryOptions = () => queryOptions({ queryKey: PAYOUT_ACCOUNT_QUERY_KEY, queryFn: ({ signal }) => getPayoutAccount(signal) });

export function usePayoutAccount() {
  return useQuery(getPayoutAccountQueryOptions());
}
