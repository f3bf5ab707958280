import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { JOBS_QUERY_KEY, type Job } from './types.ts';

/** PATCH /api/jobs/{id}/status: close a posting (it leaves Find Jobs and takes no applications) or reopen it. */
export const setJobStatus = async ({ id, status }: { id: string; status: Job['status'] }): Promise<Job> =>
  (await call('PATCH /api/jobs/:id/status', { params: { id }, body: { status } })).job;

export function useSetJobStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setJobStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: JOBS_QUERY_KEY }),
  });
}
