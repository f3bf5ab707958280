import { useMutation } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** POST /api/links/{code}/unlock: where a password-protected link goes; 403 wrong password, 429 too many. */
export const unlockLink = ({ code, password }: { code: string; password: string }) =>
  call('POST /api/links/:code/unlock', { params: { code }, body: { password } });

export function useUnlockLink() {
  return useMutation({ mutationFn: unlockLink });
}
