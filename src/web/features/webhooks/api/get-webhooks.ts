import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** GET /api/webhooks: my endpoints, oldest first (never their secrets). */
export const getWebhooks = () => call('GET /api/webhooks');

export const webhooksQueryOptions = () => queryOptions({ queryKey: ['webhooks'], queryFn: getWebhooks });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
