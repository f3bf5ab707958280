import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { JOBS_QUERY_KEY, type Job } from './types.ts';

/** PATCH /api/jobs/{id}/status: close a posting (it leaves Find Jobs and takes no applications) or reopen it. */
export const setJobStatus = async ({ id, status }: { id: string; status: Job['status'] }): Promise<Job> =>
  (await api<{ job: Job }>(`/api/jobs/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: { status } })).job;

export function useSetJobStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setJobStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: JOBS_QUERY_KEY }),
  });
}
