import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { JOBS_QUERY_KEY } from './types.ts';

export interface JobApplication {
  id: number;
  message: string;
  link: string | null;
  fileName: string | null;
  hasFile: boolean;
  createdAt: string;
  applicantId: string;
  applicantName: string;
  applicantEmail: string;
  applicantSlug: string | null;
}

/** GET /api/jobs/{id}/applications: only the company that owns the job. */
export const getJobApplications = async (jobId: string, signal?: AbortSignal): Promise<JobApplication[]> =>
  (await api<{ items: JobApplication[] }>(`/api/jobs/${encodeURIComponent(jobId)}/applications`, { signal })).items;

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
