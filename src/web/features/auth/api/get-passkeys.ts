import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

export interface Passkey {
  id: string;
  name?: string | null;
  createdAt: string;
  deviceType: 'singleDevice' | 'multiDevice';
}

/** GET /api/auth/passkey/list-user-passkeys: my passkeys (never anyone else's). */
export const getPasskeys = (): Promise<Passkey[]> => api<Passkey[]>('/api/auth/passkey/list-user-passkeys');

export const passkeysQueryOptions = () => queryOptions({ queryKey: ['passkeys'], queryFn: getPasskeys });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}
