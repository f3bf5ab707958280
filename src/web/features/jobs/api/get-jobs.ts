import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EmploymentType } from '#shared/jobs.ts';
import { call } from '#web/lib/api.ts';
import { JOBS_QUERY_KEY, type JobsPage } from './types.ts';

export interface JobSearch {
  keyword: string;
  location: string;
  type: EmploymentType | 'All';
  page: number;
  pageSize: number;
}

export type { JobsPage } from './types.ts';

/** GET /api/jobs: open jobs, newest first, filtered on the server (SPEC §5 Job filters). */
export function getJobs({ keyword, location, type, page, pageSize }: JobSearch, signal?: AbortSignal): Promise<JobsPage> {
  const query = { page, pageSize, keyword: keyword.trim() || undefined, location: location.trim() || undefined, type: type === 'All' ? undefined : type };
  return call('GET /api/jobs', { query, signal });
}

export const getJobsQueryOptions = (params: JobSearch) =>
  queryOptions({
    queryKey: [...JOBS_QUERY_KEY, 'search', params],
    queryFn: ({ signal }) => getJobs(params, signal),
    placeholderData: keepPreviousData,
  });

export function useJobs(params: JobSearch) {
  return useQuery(getJobsQueryOptions(params));
}
