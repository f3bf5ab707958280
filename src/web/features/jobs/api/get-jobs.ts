import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EmploymentType } from '#shared/jobs.ts';
import { api } from '#web/lib/api.ts';
import { JOBS_QUERY_KEY, type Job } from './types.ts';

export interface JobSearch {
  keyword: string;
  location: string;
  type: EmploymentType | 'All';
  page: number;
  pageSize: number;
}

export interface JobsPage {
  items: Job[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/jobs: open jobs, newest first, filtered on the server (SPEC §5 Job filters). */
export function getJobs({ keyword, location, type, page, pageSize }: JobSearch, signal?: AbortSignal): Promise<JobsPage> {
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (keyword.trim()) search.set('keyword', keyword.trim());
  if (location.trim()) search.set('location', location.trim());
  if (type !== 'All') search.set('type', type);
  return api<JobsPage>(`/api/jobs?${search.toString()}`, { signal });
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
