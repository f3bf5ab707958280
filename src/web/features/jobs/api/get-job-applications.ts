import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { JOBS_QUERY_KEY, type JobApplication } from './types.ts';

export type { JobApplication } from './types.ts';

/** GET /api/jobs/{id}/applications: only the company that owns the job. */
export const getJobApplications = async (jobId: string, signal?: AbortSignal): Promise<JobApplication[]> =>
  (await call('GET /api/jobs/:id/applications', { params: { id: jobId }, signal })).items;

/** The private download of an application's attached file. */
export const applicationFileUrl = (jobId: string, applicationId: number) =>
  `/api/jobs/${encodeURIComponent(jobId)}/applications/${applicationId}/file`;

export const getJobApplicationsQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: [...JOBS_QUERY_KEY, 'applications', jobId],
    queryFn: ({ signal }) => getJobApplications(jobId, signal),
  });

export function useJobApplications(jobId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getJobApplicationsQueryOptions(jobId), enabled });
}
