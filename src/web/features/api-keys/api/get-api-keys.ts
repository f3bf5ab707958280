import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** GET /api/api-keys: my keys, newest first (403 business_plan_required below the Business plan). */
export const getApiKeys = () => call('GET /api/api-keys');

export const apiKeysQueryOptions = () => queryOptions({ queryKey: ['api-keys'], queryFn: getApiKeys, retry: false });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
