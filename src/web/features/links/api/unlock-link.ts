import { useMutation } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** POST /api/links/{code}/unlock?domain=: where a password-protected link goes; 403 wrong password, 429 too many. */
export const unlockLink = ({ code, domain, password }: { code: string; domain?: string | null; password: string }) =>
  call('POST /api/links/:code/unlock', { params: { code }, query: domain ? { domain } : {}, body: { password } });

export function useUnlockLink() {
  return useMutation({ mutationFn: unlockLink });
}
