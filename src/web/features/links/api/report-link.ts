import { useMutation } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** POST /api/links/:code/report: a visitor's report (no account needed); 400 bad reason, 404 unknown code, 429 too many. */
export const reportLink = ({ code, domain, reason, details }: { code: string; domain?: string | null; reason: string; details: string }) =>
  call('POST /api/links/:code/report', { params: { code }, query: domain ? { domain } : {}, body: { reason, details } });

export function useReportLink() {
  return useMutation({ mutationFn: reportLink });
}
