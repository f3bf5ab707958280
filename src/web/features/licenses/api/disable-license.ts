import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { MY_LICENSES_QUERY_KEY } from './get-my-licenses.ts';

/** POST /api/licenses/{id}/disable: disables the key: the creator's app is refused it from now on. */
export const disableLicense = (id: string) => call('POST /api/licenses/:id/disable', { params: { id }, body: {} });

export function useDisableLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableLicense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_LICENSES_QUERY_KEY }),
  });
}
