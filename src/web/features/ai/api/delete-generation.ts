import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { getGenerationsQueryOptions } from './get-generations.ts';

/** DELETE /api/ai/generations/{id}: 204; 404 when it is not the user's. */
export const deleteGeneration = (id: string) => call('DELETE /api/ai/generations/:id', { params: { id } });

export function useDeleteGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGeneration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getGenerationsQueryOptions().queryKey }),
  });
}
