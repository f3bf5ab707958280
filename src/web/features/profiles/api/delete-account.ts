import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { currentUserQueryKey } from '#web/lib/auth.ts';

/** DELETE /api/profile with my password: the account, storefront and products go; sales records stay. */
export const deleteAccount = (password: string) => call('DELETE /api/profile', { body: { password } });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => !['me', 'site'].includes(String(query.queryKey[0])) });
    },
  });
}
