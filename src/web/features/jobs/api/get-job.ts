import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, isApiError } from '#web/lib/api.ts';
import { JOBS_QUERY_KEY, type Job } from './types.ts';

/** GET /api/jobs/{id}: one job, open or closed (404 'Job not found.'). */
export const getJob = async (id: string, signal?: AbortSignal): Promise<Job> =>
  (await call('GET /api/jobs/:id', { params: { id }, signal })).job;

export const getJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...JOBS_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => getJob(id, signal),
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });

export function useJob(id: string) {
  return useQuery(getJobQueryOptions(id));
}
