import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '#web/lib/api-routes.ts';
import { uploadForm } from '#web/lib/upload.ts';
import { JOBS_QUERY_KEY } from './types.ts';

export interface ApplicationInput {
  jobId: string;
  message: string;
  link: string;
  file: File | null;
}

/** POST /api/jobs/{id}/applications (multipart): 201; 409 already applied; 400 own or closed job. */
export function applyToJob({ jobId, message, link, file }: ApplicationInput): Promise<ResponseOf<'POST /api/jobs/:id/applications'>> {
  const body = new FormData();
  body.set('message', message);
  if (link.trim()) body.set('link', link.trim());
  if (file) body.set('file', file, file.name);
  return uploadForm(`/api/jobs/${encodeURIComponent(jobId)}/applications`, body);
}

export function useApplyToJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...JOBS_QUERY_KEY, 'mine'] }),
  });
}
