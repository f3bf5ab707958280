import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { MY_LICENSES_QUERY_KEY } from './get-my-licenses.ts';

/** POST /api/licenses/{id}/reset-uses: sets the key's uses back to 0. */
export const resetLicenseUses = (id: string) => call('POST /api/licenses/:id/reset-uses', { params: { id }, body: {} });

export function useResetLicenseUses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetLicenseUses,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_LICENSES_QUERY_KEY }),
  });
}
