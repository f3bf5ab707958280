import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { JOBS_QUERY_KEY, type Job, type JobInput } from './types.ts';

/** POST /api/jobs (companies only): 201 with the job; 400 missing fields; 403 for other roles. */
export const createJob = async (input: JobInput): Promise<Job> => (await call('POST /api/jobs', { body: input })).job;

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: JOBS_QUERY_KEY }),
  });
}
