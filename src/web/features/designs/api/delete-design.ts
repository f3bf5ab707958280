import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { getDesignQueryOptions } from './get-design.ts';
import { getDesignsQueryOptions } from './get-designs.ts';

/** DELETE /api/designs/{id}: 204. */
export const deleteDesign = (id: string) => call('DELETE /api/designs/:id', { params: { id } });

export function useDeleteDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDesign,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: getDesignQueryOptions(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: getDesignsQueryOptions().queryKey });
    },
  });
}
