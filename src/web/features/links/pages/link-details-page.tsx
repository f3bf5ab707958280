import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, ExternalLink, MousePointerClick, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { StatCard } from '#web/components/stat-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { getLinkStatsQueryOptions, useLinkStats, type LinkStats } from '../api/get-link-stats.ts';
import { BreakdownBars } from '../components/breakdown-bars.tsx';
import { ClicksChart } from '../components/clicks-chart.tsx';
import { CopyButton } from '#web/components/copy-button.tsx';
import { useLinkCopyTexts } from '../utils/copy-texts.ts';
import { DeleteLinkDialog } from '../components/delete-link-dialog.tsx';
import { Notice } from '#web/components/notice.tsx';
import { QrCodeDialog } from '../components/qr-code-dialog.tsx';
import { formatCount, formatDate } from '#web/lib/format.ts';

function BackLink() {
  const { t } = useTranslation('links-pages');
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 justify-self-start">
      <Link to="/zerrilink-dashboard">
        <ArrowLeft aria-hidden="true" /> {t('details.back')}
      </Link>
    </Button>
  );
}

/** /zerrilink-dashboard/links/:code: one of the user's links with its clicks per day and where they came from. */
export function LinkDetailsPage() {
  const { t } = useTranslation('links-pages');
  const copyTexts = useLinkCopyTexts();
  const code = useParams().code ?? '';
  usePageTitle(t('details.pageTitle', { code }));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: stats, isPending, isError, error, refetch, isFetching } = useLinkStats(code);

  // A click on this link: show the new total at once, then fetch the breakdown again.
  useRealtimeEvent('links.clicked', ({ data }) => {
    if (data?.code !== code) return;
    const { queryKey } = getLinkStatsQueryOptions(code);
    queryClient.setQueryData<LinkStats>(queryKey, (current) => (current ? { ...current, clicks: Math.max(current.clicks, data.clicks) } : current));
    void queryClient.invalidateQueries({ queryKey });
  });

  if (isPending) return <LoadingState label={t('details.loading')} />;

  if (isError) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-6">
        <BackLink />
        {notFound ? (
          <Card className="flex flex-col items-center gap-3 p-10 text-center">
            <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
              <SearchX aria-hidden="true" className="size-6" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight">{t('links:errors.notFoundTitle')}</h1>
            <p className="text-muted-foreground">{t('links:errors.notFound', { code })}</p>
            <p className="text-sm text-muted-foreground">{t('details.notFoundHint')}</p>
          </Card>
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight">{t('details.pageTitle', { code })}</h1>
            <Notice variant="error" title={t('links:common.errorFetching')}>
              <p>{t('details.loadFailed', { reason: localizeError(error, 'links') })}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()} disabled={isFetching}>
                {t('links:common.tryAgain')}
              </Button>
            </Notice>
          </>
        )}
      </div>
    );
  }

  const last30 = stats.daily.reduce((sum, entry) => sum + entry.clicks, 0);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <BackLink />
      <header className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">{t('details.shortLink')}</p>
          <h1 className="mt-1 font-mono text-2xl font-bold tracking-tight break-all sm:text-3xl">{stats.shortUrl.replace(/^https?:\/\//, '')}</h1>
          <a
            href={stats.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="mt-2 inline-flex max-w-full items-center gap-1.5 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="sr-only">{t('links:common.targetPrefix')} </span>
            <span className="min-w-0 break-all">{stats.url}</span>
          </a>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <CopyButton text={stats.shortUrl} texts={copyTexts} label={t('links:common.copyLabel', { text: stats.shortUrl })} />
          <QrCodeDialog text={stats.shortUrl} code={stats.code} />
          <DeleteLinkDialog code={stats.code} shortUrl={stats.shortUrl} onDeleted={() => void navigate('/zerrilink-dashboard', { replace: true })} />
        </div>
      </header>

      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label={t('details.totalClicks')} value={<span data-testid="total-clicks">{formatCount(stats.clicks)}</span>} icon={MousePointerClick} />
        <StatCard label={t('details.last30')} value={formatCount(last30)} icon={MousePointerClick} />
        <StatCard label={t('links:common.created')} value={<span className="text-2xl">{formatDate(stats.createdAt)}</span>} icon={CalendarDays} />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t('chart.caption')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ClicksChart daily={stats.daily} />
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-6">
          <BreakdownBars title={t('details.referrers')} items={stats.referrers} />
        </Card>
        <Card className="p-6">
          <BreakdownBars title={t('details.browsers')} items={stats.browsers} />
        </Card>
        <Card className="p-6">
          <BreakdownBars title={t('details.devices')} items={stats.devices} />
        </Card>
      </div>
      <p className="text-xs text-muted-foreground">{t('details.footnote')}</p>
    </div>
  );
}
