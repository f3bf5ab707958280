import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { adminListKey } from './admin-lists.ts';

/** POST /api/admin/links/{code}/ban or /unban (`domain`: the links domain the code is on): a banned link stops redirecting at once. */
export const setLinkBanned = ({ code, domain, banned }: { code: string; domain: string | null; banned: boolean }) =>
  call(banned ? 'POST /api/admin/links/:code/ban' : 'POST /api/admin/links/:code/unban', { params: { code }, query: domain ? { domain } : {}, body: {} });

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
