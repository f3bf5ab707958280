import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DesignInput } from '#shared/designs.ts';
import { call } from '#web/lib/api.ts';
import { getDesignQueryOptions } from './get-design.ts';
import { getDesignsQueryOptions } from './get-designs.ts';
import type { Design } from './types.ts';

/** POST /api/designs (201) for a new design, PUT /api/designs/{id} for a saved one. */
export const saveDesign = ({ id, input }: { id: string | null; input: DesignInput }): Promise<{ design: Design }> =>
  id ? call('PUT /api/designs/:id', { params: { id }, body: input }) : call('POST /api/designs', { body: input });

export function useSaveDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDesign,
    onSuccess: ({ design }) => {
      queryClient.setQueryData(getDesignQueryOptions(design.id).queryKey, { design });
      return queryClient.invalidateQueries({ queryKey: getDesignsQueryOptions().queryKey });
    },
  });
}
