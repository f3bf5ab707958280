import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkUpdate } from '#shared/links-api.ts';
import { call } from '#web/lib/api.ts';
import { LINKS_QUERY_KEY } from './types.ts';

/** PATCH /api/links/{code}: only the fields sent change; 400 (a bad field), 404 (not the user's link), 409 (code taken). */
export const updateLink = ({ code, changes }: { code: string; changes: LinkUpdate }) =>
  call('PATCH /api/links/:code', { params: { code }, body: changes });

export function useUpdateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LINKS_QUERY_KEY }),
  });
}
