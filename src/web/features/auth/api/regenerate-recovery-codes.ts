import { useMutation } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** POST /api/auth/two-factor/generate-backup-codes `{ password }`: ten new codes replace all the old ones. */
export async function regenerateRecoveryCodes(password: string): Promise<string[]> {
  const { backupCodes } = await call('POST /api/auth/two-factor/generate-backup-codes', { body: { password } });
  return backupCodes;
}

export function useRegenerateRecoveryCodes() {
  return useMutation({ mutationFn: regenerateRecoveryCodes });
}
