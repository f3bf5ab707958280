import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminListKey } from './admin-lists.ts';

/** POST /api/admin/links/{code}/ban or /unban: a banned link stops redirecting at once. */
export const setLinkBanned = ({ code, banned }: { code: string; banned: boolean }): Promise<unknown> =>
  api(`/api/admin/links/${encodeURIComponent(code)}/${banned ? 'ban' : 'unban'}`, { method: 'POST', body: {} });

export function useSetLinkBanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLinkBanned,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey('links') });
      void queryClient.invalidateQueries({ queryKey: adminListKey('audit-log') });
    },
  });
}
