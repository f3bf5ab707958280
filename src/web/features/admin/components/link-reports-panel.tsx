import { Ban, Flag, ShieldX, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LINK_REPORT_STATUSES, type LinkReportStatus } from '#shared/links.ts';
import { Pagination } from '#web/components/pagination.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { selectClass } from '#web/components/ui/select.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDecideReport, useLinkReports, type LinkReport, type ReportDecision } from '../api/link-reports.ts';
import { ListState } from './list-states.tsx';

/** One report with the admin's three decisions while it is open. */
function ReportItem({ report }: { report: LinkReport }) {
  const { t } = useTranslation('admin');
  const decide = useDecideReport();
  const [pending, setPending] = useState<ReportDecision>();
  const run = (decision: ReportDecision) => {
    setPending(decision);
    // mutateAsync: the item leaves the open list once decided, and its toast must still show.
    decide.mutateAsync({ id: report.id, decision }).then(
      () => showToast({ title: t(`reports.done.${decision}`), description: t('reports.doneText', { code: report.code }), variant: 'success' }),
      (error: unknown) => {
        setPending(undefined);
        showToast({ title: t('reports.error'), description: localizeError(error, 'admin', t('blocked.unexpected')), variant: 'error' });
      },
    );
  };
  const link = report.link;
  return (
    <li className="grid gap-3 px-4 py-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-mono text-sm font-semibold">/z/{report.code}</span>
        <span className="rounded-full bg-red-500/15 px-2 py-0.5 text-xs font-medium text-red-200">{t(`reports.reasons.${report.reason}`)}</span>
        <span className="text-xs text-muted-foreground">
          <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
        </span>
        {report.status !== 'open' ? <span className="text-xs font-medium text-muted-foreground">{t(`reports.statuses.${report.status}`)}</span> : null}
      </div>
      {link ? (
        <p className="text-sm break-all text-muted-foreground">
          {t('reports.goesTo')} <span className="font-mono text-foreground">{link.url}</span>
          {link.ownerEmail ? <> · {t('reports.owner', { email: link.ownerEmail })}</> : null}
          {link.banned ? <> · {t('reports.linkBanned')}</> : null}
          {link.domainBlocked ? <> · {t('reports.domainBlocked')}</> : null}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{t('reports.linkGone')}</p>
      )}
      {report.details ? <p className="rounded-lg border border-border bg-muted/40 px-3 py-2 text-sm whitespace-pre-wrap">{report.details}</p> : null}
      {report.status === 'open' ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={!!pending} onClick={() => run('dismiss')} aria-label={t('reports.dismissLabel', { code: report.code })}>
            <X aria-hidden="true" /> {pending === 'dismiss' ? t('reports.working') : t('reports.dismiss')}
          </Button>
          {link && !link.banned ? (
            <Button variant="outline" size="sm" disabled={!!pending} onClick={() => run('disable-link')} aria-label={t('reports.disableLabel', { code: report.code })}>
              <Ban aria-hidden="true" /> {pending === 'disable-link' ? t('reports.working') : t('reports.disable')}
            </Button>
          ) : null}
          {link?.host && !link.domainBlocked ? (
            <Button variant="outline" size="sm" disabled={!!pending} onClick={() => run('block-domain')} aria-label={t('reports.blockLabel', { domain: link.host })}>
              <ShieldX aria-hidden="true" /> {pending === 'block-domain' ? t('reports.working') : t('reports.block', { domain: link.host })}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** Visitors' reports of links, beside the blocklist: open ones first, the decided ones by status. */
export function LinkReportsPanel() {
  const { t } = useTranslation('admin');
  const id = useId();
  const [status, setStatus] = useState<LinkReportStatus | ''>('open');
  const [page, setPage] = useState(1);
  const { data, isPending, error, refetch } = useLinkReports(status || undefined, page);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <CardTitle className="flex items-center gap-2">
            <Flag aria-hidden="true" className="size-5 text-brand-soft" /> {t('reports.title')}
          </CardTitle>
          <CardDescription aria-live="polite">{data ? t('reports.count', { count: data.total }) : t('list.loading')}</CardDescription>
        </div>
        <div className="grid gap-2 sm:w-48">
          <Label htmlFor={`${id}-status`}>{t('reports.show')}</Label>
          <select
            id={`${id}-status`}
            className={selectClass}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as LinkReportStatus | '');
              setPage(1);
            }}
          >
            {LINK_REPORT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`reports.statuses.${value}`)}
              </option>
            ))}
            <option value="">{t('reports.all')}</option>
          </select>
        </div>
      </CardHeader>
      <CardContent>
        <ListState
          isPending={isPending}
          error={error}
          isEmpty={data?.items.length === 0}
          loadingLabel={t('reports.loading')}
          emptyLabel={status === 'open' ? t('reports.emptyOpen') : t('reports.empty')}
          failedLabel={t('reports.loadFailed')}
          onRetry={() => void refetch()}
        />
        {data && data.items.length > 0 ? (
          <>
            <ul aria-label={t('reports.title')} className="divide-y divide-border rounded-lg border border-border">
              {data.items.map((report) => (
                <ReportItem key={report.id} report={report} />
              ))}
            </ul>
            {pages > 1 ? (
              <Pagination
                page={page}
                pages={pages}
                onPage={setPage}
                texts={{ previous: t('list.previous'), next: t('list.next'), status: (current, count) => t('list.pageOf', { page: current, pages: count }) }}
                className="mt-4 justify-end gap-2"
              />
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
