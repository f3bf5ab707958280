import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { MY_LICENSES_QUERY_KEY } from './get-my-licenses.ts';

/** POST /api/licenses/{id}/enable: enables the key again (not after a refund). */
export const enableLicense = (id: string) => call('POST /api/licenses/:id/enable', { params: { id }, body: {} });

export function useEnableLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableLicense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_LICENSES_QUERY_KEY }),
  });
}
