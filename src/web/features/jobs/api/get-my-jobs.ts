import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { JOBS_QUERY_KEY, type Job } from './types.ts';

export interface MyJob extends Job {
  /** How many applications the posting has received. */
  applications: number;
}

/** GET /api/my/jobs: the signed-in company's postings, newest first, open and closed. */
export const getMyJobs = async (signal?: AbortSignal): Promise<MyJob[]> => (await api<{ items: MyJob[] }>('/api/my/jobs', { signal })).items;

export const getMyJobsQueryOptions = () =>
  queryOptions({ queryKey: [...JOBS_QUERY_KEY, 'mine'], queryFn: ({ signal }) => getMyJobs(signal) });

export function useMyJobs({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMyJobsQueryOptions(), enabled });
}
