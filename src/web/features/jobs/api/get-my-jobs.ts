import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { JOBS_QUERY_KEY, type MyJob } from './types.ts';

export type { MyJob } from './types.ts';

/** GET /api/my/jobs: the signed-in company's postings, newest first, open and closed. */
export const getMyJobs = async (signal?: AbortSignal): Promise<MyJob[]> => (await call('GET /api/my/jobs', { signal })).items;

export const getMyJobsQueryOptions = () =>
  queryOptions({ queryKey: [...JOBS_QUERY_KEY, 'mine'], queryFn: ({ signal }) => getMyJobs(signal) });

export function useMyJobs({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMyJobsQueryOptions(), enabled });
}
