import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkReportStatus } from '#shared/links.ts';
import { call } from '#web/lib/api.ts';
import { adminListKey } from './admin-lists.ts';
import { blockedDomainsQueryOptions } from './get-blocked-domains.ts';

export type { LinkReport, LinkReportsPage } from '#shared/links-api.ts';

const LINK_REPORTS_KEY = ['admin', 'link-reports'] as const;

/** GET /api/admin/link-reports: visitors' reports of links, newest first (admins only). */
export const linkReportsQueryOptions = (status: LinkReportStatus | undefined, page: number) =>
  queryOptions({
    queryKey: [...LINK_REPORTS_KEY, status ?? 'all', page],
    queryFn: ({ signal }) => call('GET /api/admin/link-reports', { query: { status, page, pageSize: 20 }, signal }),
    placeholderData: keepPreviousData,
  });

export function useLinkReports(status: LinkReportStatus | undefined, page: number) {
  return useQuery(linkReportsQueryOptions(status, page));
}

export type ReportDecision = 'dismiss' | 'disable-link' | 'block-domain';

/** POST /api/admin/link-reports/:reportId/{dismiss|disable-link|block-domain}: the report as it is after the decision. */
export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: ReportDecision }) => {
      const params = { reportId: String(id) };
      if (decision === 'dismiss') return call('POST /api/admin/link-reports/:reportId/dismiss', { params });
      if (decision === 'disable-link') return call('POST /api/admin/link-reports/:reportId/disable-link', { params });
      return call('POST /api/admin/link-reports/:reportId/block-domain', { params });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: LINK_REPORTS_KEY }),
        queryClient.invalidateQueries({ queryKey: blockedDomainsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminListKey('links') }),
        queryClient.invalidateQueries({ queryKey: adminListKey('audit-log') }),
      ]),
  });
}
