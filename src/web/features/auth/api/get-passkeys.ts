import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

export type { Passkey } from '#shared/auth-api.ts';

/** GET /api/auth/passkey/list-user-passkeys: my passkeys (never anyone else's). */
export const getPasskeys = () => call('GET /api/auth/passkey/list-user-passkeys');

export const passkeysQueryOptions = () => queryOptions({ queryKey: ['passkeys'], queryFn: getPasskeys });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}
