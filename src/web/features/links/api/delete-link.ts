import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { LINKS_QUERY_KEY } from './types.ts';

/** DELETE /api/links/{code}: 204; 404 when the link is not the user's. */
export const deleteLink = (code: string) => call('DELETE /api/links/:code', { params: { code } });

export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LINKS_QUERY_KEY }),
  });
}
