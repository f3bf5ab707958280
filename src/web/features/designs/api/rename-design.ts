import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { getDesignQueryOptions } from './get-design.ts';
import { getDesignsQueryOptions } from './get-designs.ts';

/** PATCH /api/designs/{id} with only a title. */
export const renameDesign = ({ id, title }: { id: string; title: string }) => call('PATCH /api/designs/:id', { params: { id }, body: { title } });

export function useRenameDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameDesign,
    onSuccess: ({ design }) => {
      queryClient.setQueryData(getDesignQueryOptions(design.id).queryKey, (current) =>
        current ? { design: { ...current.design, title: design.title, updatedAt: design.updatedAt } } : current,
      );
      return queryClient.invalidateQueries({ queryKey: getDesignsQueryOptions().queryKey });
    },
  });
}
