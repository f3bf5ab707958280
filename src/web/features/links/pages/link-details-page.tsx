import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, Download, ExternalLink, MousePointerClick, SearchX } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { StatCard } from '#web/components/stat-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { getLinkStatsQueryOptions, linkStatsCsvUrl, useLinkStats, type LinkStats, type StatsRange } from '../api/get-link-stats.ts';
import { TagChips, selectClass } from '../components/link-settings-fields.tsx';
import { EditLinkDialog } from '../components/edit-link-dialog.tsx';
import { countryName } from '#web/lib/format.ts';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { BreakdownBars } from '../components/breakdown-bars.tsx';
import { ClicksChart } from '../components/clicks-chart.tsx';
import { LinkFunnel } from '../components/link-funnel.tsx';
import { CopyButton } from '#web/components/copy-button.tsx';
import { useLinkCopyTexts } from '../utils/copy-texts.ts';
import { DeleteLinkDialog } from '../components/delete-link-dialog.tsx';
import { Notice } from '#web/components/notice.tsx';
import { QrCodeDialog } from '../components/qr-code-dialog.tsx';
import { formatCount, formatDate } from '#web/lib/format.ts';
import { linkDetailsPath } from '../utils/link-code.ts';

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

/**
 * /zerrilink-dashboard/links/:code(?domain=go.example.com): one of the user's links with its clicks
 * per day and where they came from; `domain` names a links domain's link (codes are unique per domain).
 */
export function LinkDetailsPage() {
  const { t, i18n } = useTranslation('links-pages');
  const copyTexts = useLinkCopyTexts();
  const code = useParams().code ?? '';
  const domain = useSearchParams()[0].get('domain');
  const address = { code, domain };
  usePageTitle(t('details.pageTitle', { code }));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rangeId = useId();
  const [preset, setPreset] = useState<'7' | '30' | '90' | 'custom'>('30');
  const [today] = useState(() => new Date().toISOString().slice(0, 10));
  // Two weeks to today, to start a custom range from.
  const [custom, setCustom] = useState(() => ({ from: new Date(Date.now() - 13 * 86_400_000).toISOString().slice(0, 10), to: today }));
  const customValid = /^\d{4}-\d{2}-\d{2}$/.test(custom.from) && /^\d{4}-\d{2}-\d{2}$/.test(custom.to) && custom.from <= custom.to;
  const range: StatsRange = preset === 'custom' && customValid ? custom : { days: preset === 'custom' ? '30' : preset };
  const { data: stats, isPending, isError, error, refetch, isFetching } = useLinkStats(address, range);

  // A click on this link: show the new total at once, then fetch the breakdown again.
  useRealtimeEvent('links.clicked', ({ data }) => {
    const clicked = stats && data?.links?.find((link) => link.id === stats.id);
    const { queryKey } = getLinkStatsQueryOptions(address);
    // Not listed, but more links were clicked than the event lists: perhaps this one; read it again.
    if (!clicked && stats && data?.more) void queryClient.invalidateQueries({ queryKey });
    if (!clicked) return;
    queryClient.setQueriesData<LinkStats>({ queryKey }, (current) => (current ? { ...current, clicks: Math.max(current.clicks, clicked.clicks) } : current));
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

  const inRange = stats.daily.reduce((sum, entry) => sum + entry.clicks, 0);
  const language = i18n.resolvedLanguage ?? 'en';
  const countries = stats.countries.map((item) => ({ ...item, value: item.value === '--' ? t('details.unknownCountry') : countryName(item.value, language) }));
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
          <TagChips tags={stats.tags} className="mt-3" />
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <CopyButton text={stats.shortUrl} texts={copyTexts} label={t('links:common.copyLabel', { text: stats.shortUrl })} />
          <QrCodeDialog text={stats.shortUrl} code={stats.code} />
          {/* A new code or domain is a new address: the page follows the link there. */}
          <EditLinkDialog link={stats} onSaved={(saved) => (saved.code !== code || saved.domain !== domain ? void navigate(linkDetailsPath(saved), { replace: true }) : undefined)} />
          <DeleteLinkDialog code={stats.code} domain={stats.domain} shortUrl={stats.shortUrl} onDeleted={() => void navigate('/zerrilink-dashboard', { replace: true })} />
        </div>
      </header>

      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label={t('details.totalClicks')} value={<span data-testid="total-clicks">{formatCount(stats.clicks)}</span>} icon={MousePointerClick} />
        <StatCard label={t('details.inRange', { from: formatDate(stats.from), to: formatDate(stats.to) })} value={<span data-testid="range-clicks">{formatCount(inRange)}</span>} icon={MousePointerClick} />
        <StatCard label={t('links:common.created')} value={<span className="text-2xl">{formatDate(stats.createdAt)}</span>} icon={CalendarDays} />
      </div>

      <section aria-labelledby={`${rangeId}-title`} className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end">
        <h2 id={`${rangeId}-title`} className="sr-only">
          {t('details.rangeTitle')}
        </h2>
        <div className="grid gap-2">
          <Label htmlFor={`${rangeId}-preset`}>{t('details.range')}</Label>
          <select id={`${rangeId}-preset`} className={`${selectClass} sm:w-48`} value={preset} onChange={(event) => setPreset(event.target.value as typeof preset)}>
            <option value="7">{t('details.last', { count: 7 })}</option>
            <option value="30">{t('details.last', { count: 30 })}</option>
            <option value="90">{t('details.last', { count: 90 })}</option>
            <option value="custom">{t('details.custom')}</option>
          </select>
        </div>
        {preset === 'custom' ? (
          <>
            <div className="grid gap-2">
              <Label htmlFor={`${rangeId}-from`}>{t('details.from')}</Label>
              <Input id={`${rangeId}-from`} type="date" max={custom.to} value={custom.from} onChange={(event) => setCustom({ ...custom, from: event.target.value })} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${rangeId}-to`}>{t('details.to')}</Label>
              <Input id={`${rangeId}-to`} type="date" min={custom.from} max={today} value={custom.to} onChange={(event) => setCustom({ ...custom, to: event.target.value })} />
            </div>
          </>
        ) : null}
        <Button asChild variant="outline" className="sm:ml-auto">
          <a href={linkStatsCsvUrl(stats, range)} download>
            <Download aria-hidden="true" /> {t('details.exportCsv')}
          </a>
        </Button>
      </section>

      <Card>
        <CardHeader>
          <CardTitle>{t('chart.caption')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ClicksChart daily={stats.daily} />
        </CardContent>
      </Card>

      <Card className="p-6">
        <LinkFunnel clicks={inRange} funnel={stats.funnel} />
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
        <Card className="p-6">
          <BreakdownBars title={t('details.os')} items={stats.os} />
        </Card>
        <Card className="p-6 lg:col-span-2">
          <BreakdownBars title={t('details.countries')} items={countries} />
        </Card>
      </div>
      <p className="text-xs text-muted-foreground">{t('details.footnote')}</p>
    </div>
  );
}
