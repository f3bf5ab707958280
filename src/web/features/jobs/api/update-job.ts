import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { JOBS_QUERY_KEY, type Job, type JobInput } from './types.ts';

/** PUT /api/jobs/{id}: a company edits one of its own postings. */
export const updateJob = async ({ id, input }: { id: string; input: JobInput }): Promise<Job> =>
  (await call('PUT /api/jobs/:id', { params: { id }, body: input })).job;

export function useUpdateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: JOBS_QUERY_KEY }),
  });
}
