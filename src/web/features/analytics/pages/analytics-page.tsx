import { BarChart3, DollarSign, Eye, MousePointerClick, Percent, ShoppingCart, Upload, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ANALYTICS_RANGES, rangeDays, type AnalyticsRange } from '#shared/analytics.ts';
import type { Currency } from '#shared/money.ts';
import { DayBarsChart } from '#web/components/day-bars-chart.tsx';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { StatCard } from '#web/components/stat-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { selectClass } from '#web/components/ui/select.ts';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { countryName, formatCount, formatDay, formatMoney, formatPercent } from '#web/lib/format.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useAnalytics, type Analytics, type AnalyticsFilter } from '../api/get-analytics.ts';
import { FiguresTable } from '../components/figures-table.tsx';
import { RankedList } from '../components/ranked-list.tsx';
import { useDashboardBase } from '#web/lib/dashboard-base.ts';

const METRICS = ['revenueCents', 'sales', 'views', 'linkClicks'] as const;
type Metric = (typeof METRICS)[number];

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A conversion in % (one decimal), or a dash without views. */
const percent = (value: number | null) => (value === null ? '—' : formatPercent(value, 1));

/** Issue #46 Analytics: the store's figures by date range and product, each chart readable as text. */
export function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  usePageTitle(t('title'));
  const id = useId();
  const [range, setRange] = useState<AnalyticsRange>('30d');
  const [custom, setCustom] = useState(() => ({ from: rangeDays('30d', todayUtc())!.from, to: todayUtc() }));
  const [productId, setProductId] = useState('');
  const customValid = range !== 'custom' || rangeDays('custom', todayUtc(), custom) !== undefined;
  const filter: AnalyticsFilter = { range, ...(range === 'custom' ? custom : {}), ...(productId ? { productId } : {}) };
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = useAnalytics(filter, customValid);
  const rangeLabel: Record<AnalyticsRange, string> = { '7d': t('range.days', { count: 7 }), '30d': t('range.days', { count: 30 }), '90d': t('range.days', { count: 90 }), custom: t('range.custom') };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('intro')}</p>
      </header>

      <section aria-labelledby={`${id}-filters`} className="flex flex-col gap-4 lg:flex-row lg:flex-wrap lg:items-end">
        <h2 id={`${id}-filters`} className="sr-only">
          {t('range.title')}
        </h2>
        <div className="grid gap-2">
          <span id={`${id}-range`} className="text-sm font-medium">
            {t('range.label')}
          </span>
          <div role="group" aria-labelledby={`${id}-range`} className="flex flex-wrap gap-2">
            {ANALYTICS_RANGES.map((option) => (
              <Button key={option} type="button" size="sm" variant={range === option ? 'default' : 'outline'} aria-pressed={range === option} onClick={() => setRange(option)}>
                {rangeLabel[option]}
              </Button>
            ))}
          </div>
        </div>
        {range === 'custom' ? (
          <div className="grid grid-cols-2 gap-3 sm:flex">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-from`}>{t('range.from')}</Label>
              <Input id={`${id}-from`} type="date" max={custom.to} value={custom.from} aria-invalid={!customValid} onChange={(event) => setCustom({ ...custom, from: event.target.value })} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-to`}>{t('range.to')}</Label>
              <Input id={`${id}-to`} type="date" min={custom.from} value={custom.to} aria-invalid={!customValid} onChange={(event) => setCustom({ ...custom, to: event.target.value })} />
            </div>
          </div>
        ) : null}
        <div className="grid gap-2 lg:ml-auto">
          <Label htmlFor={`${id}-product`}>{t('product.label')}</Label>
          <select id={`${id}-product`} className={`${selectClass} lg:w-64`} value={productId} onChange={(event) => setProductId(event.target.value)}>
            <option value="">{t('product.all')}</option>
            {data?.products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </select>
        </div>
        {!customValid ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400 lg:basis-full">
            {t('errors.analytics_range_invalid')}
          </p>
        ) : null}
      </section>

      {isPending && customValid ? (
        <LoadingState label={t('loading')} />
      ) : isError ? (
        <LoadFailedNotice title={t('failed')} error={error} namespace="analytics" onRetry={() => void refetch()} retrying={isFetching} />
      ) : data ? (
        <div aria-busy={isFetching && isPlaceholderData} className={isFetching && isPlaceholderData ? 'grid gap-8 opacity-60 transition-opacity' : 'grid gap-8'}>
          <Figures data={data} rangeText={t('range.shown', { from: formatDay(data.range.from), to: formatDay(data.range.to) })} />
        </div>
      ) : null}
    </div>
  );
}

function isEmpty(data: Analytics) {
  const { totals, memberships } = data;
  return data.products.length === 0 && totals.sales === 0 && totals.revenueCents === 0 && totals.views === 0 && totals.linkClicks === 0 && memberships.active === 0 && memberships.trialing === 0;
}

function Figures({ data, rangeText }: { data: Analytics; rangeText: string }) {
  const { t } = useTranslation('analytics');
  const base = useDashboardBase();
  const countryOf = (code: string) => (code === '--' ? t('sources.unknownCountry') : countryName(code));
  const [metric, setMetric] = useState<Metric>('revenueCents');
  const { currency, totals } = data;
  const money = (cents: number) => formatMoney(cents, currency as Currency);

  if (isEmpty(data)) {
    return (
      <Card className="grid justify-items-center gap-3 p-10 text-center">
        <BarChart3 aria-hidden="true" className="size-10 text-brand-soft" />
        <h2 className="text-lg font-semibold">{t('empty.title')}</h2>
        <p className="max-w-md text-sm text-muted-foreground">{t('empty.text')}</p>
        <Button asChild>
          <Link to={`${base}/products/upload`}>
            <Upload aria-hidden="true" /> {t('empty.upload')}
          </Link>
        </Button>
      </Card>
    );
  }

  const format = (value: number) => (metric === 'revenueCents' ? money(value) : formatCount(value));
  const metricTotal = metric === 'revenueCents' ? totals.revenueCents : metric === 'sales' ? totals.sales : metric === 'views' ? totals.views : totals.linkClicks;

  return (
    <>
      <p className="-mb-4 text-sm text-muted-foreground">{rangeText}</p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          label={t('totals.revenue')}
          value={<span data-testid="analytics-revenue">{money(totals.revenueCents)}</span>}
          icon={DollarSign}
          hint={t('totals.revenueHint', { earnings: money(totals.earningsCents), fees: money(totals.feesCents), commissions: money(totals.commissionsCents) })}
        />
        <StatCard
          label={t('totals.sales')}
          value={<span data-testid="analytics-sales">{formatCount(totals.sales)}</span>}
          icon={ShoppingCart}
          hint={t('totals.refundsHint', { count: totals.refunds, amount: money(totals.refundedCents) })}
        />
        <StatCard label={t('totals.views')} value={formatCount(totals.views)} icon={Eye} hint={t('totals.viewsHint')} />
        <StatCard label={t('totals.conversion')} value={percent(totals.conversionPercent)} icon={Percent} hint={t('totals.conversionHint')} />
        <StatCard label={t('totals.linkClicks')} value={formatCount(totals.linkClicks)} icon={MousePointerClick} />
        <StatCard
          label={t('memberships.mrr')}
          value={money(data.memberships.mrrCents)}
          icon={Users}
          hint={t('memberships.summary', { active: data.memberships.active, trialing: data.memberships.trialing, churned: data.memberships.churned })}
        />
      </div>

      <Card className="grid gap-4 p-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 className="text-lg font-semibold">{t('chart.title')}</h2>
          <div role="group" aria-label={t('chart.metric')} className="flex flex-wrap gap-2">
            {METRICS.map((option) => (
              <Button key={option} type="button" size="sm" variant={metric === option ? 'default' : 'outline'} aria-pressed={metric === option} onClick={() => setMetric(option)}>
                {t(`chart.metrics.${option}`)}
              </Button>
            ))}
          </div>
        </div>
        <DayBarsChart
          days={data.byDay}
          value={(day) => day[metric]}
          format={format}
          summary={t('chart.summary', { metric: t(`chart.metrics.${metric}`), total: format(metricTotal), from: formatDay(data.range.from), to: formatDay(data.range.to) })}
          texts={{ showFigures: t('chart.showFigures'), caption: t('chart.caption'), day: t('chart.day') }}
          columns={[
            { label: t('chart.metrics.revenueCents'), value: (day) => money(day.revenueCents) },
            { label: t('chart.metrics.sales'), value: (day) => formatCount(day.sales) },
            { label: t('chart.metrics.views'), value: (day) => formatCount(day.views) },
            { label: t('chart.metrics.linkClicks'), value: (day) => formatCount(day.linkClicks) },
          ]}
        />
      </Card>

      <Card className="p-6">
        <h2 className="mb-4 text-lg font-semibold">{t('products.title')}</h2>
        <FiguresTable
          title={t('products.title')}
          rows={data.topProducts}
          rowKey={(row) => row.id}
          emptyText={t('products.empty')}
          columns={[
            { label: t('products.product'), cell: (row) => row.name },
            { label: t('products.views'), cell: (row) => formatCount(row.views) },
            { label: t('products.sales'), cell: (row) => formatCount(row.sales) },
            { label: t('products.conversion'), cell: (row) => percent(row.conversionPercent) },
            { label: t('products.revenue'), cell: (row) => money(row.revenueCents) },
          ]}
        />
      </Card>

      <Card className="grid gap-6 p-6">
        <h2 className="text-lg font-semibold">{t('sources.title')}</h2>
        <section aria-label={t('sources.links')} className="grid gap-3">
          <h3 className="text-base font-semibold">{t('sources.links')}</h3>
          <FiguresTable
            title={t('sources.links')}
            rows={data.sources.links}
            rowKey={(row) => String(row.id)}
            emptyText={t('sources.noLinks')}
            columns={[
              { label: t('sources.link'), cell: (row) => <span className="font-mono">{row.shortUrl.replace(/^https?:\/\//, '')}</span> },
              { label: t('chart.metrics.linkClicks'), cell: (row) => formatCount(row.clicks) },
              { label: t('chart.metrics.views'), cell: (row) => formatCount(row.views) },
              { label: t('chart.metrics.sales'), cell: (row) => formatCount(row.sales) },
              { label: t('chart.metrics.revenueCents'), cell: (row) => money(row.revenueCents) },
            ]}
          />
        </section>
        <section aria-label={t('sources.utm')} className="grid gap-3">
          <h3 className="text-base font-semibold">{t('sources.utm')}</h3>
          <FiguresTable
            title={t('sources.utm')}
            rows={data.sources.utmSources}
            rowKey={(row) => row.source}
            emptyText={t('sources.noUtm')}
            columns={[
              { label: t('sources.utmSource'), cell: (row) => row.source },
              { label: t('chart.metrics.views'), cell: (row) => formatCount(row.views) },
              { label: t('chart.metrics.sales'), cell: (row) => formatCount(row.sales) },
              { label: t('chart.metrics.revenueCents'), cell: (row) => money(row.revenueCents) },
            ]}
          />
        </section>
        <div className="grid gap-6 md:grid-cols-2">
          <RankedList
            title={t('sources.referrers')}
            emptyText={t('sources.noViews')}
            items={data.sources.referrers.map((row) => ({ key: row.domain, label: row.domain || t('sources.direct'), value: row.views }))}
          />
          <RankedList
            title={t('sources.countries')}
            emptyText={t('sources.noViews')}
            items={data.sources.countries.map((row) => ({ key: row.country, label: countryOf(row.country), value: row.views }))}
          />
        </div>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <h2 className="mb-4 text-lg font-semibold">{t('memberships.title')}</h2>
          <dl className="grid grid-cols-2 gap-4">
            {(
              [
                ['active', formatCount(data.memberships.active)],
                ['trialing', formatCount(data.memberships.trialing)],
                ['churned', formatCount(data.memberships.churned)],
                ['mrr', money(data.memberships.mrrCents)],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="rounded-lg border border-border p-3">
                <dt className="text-sm text-muted-foreground">{t(`memberships.${key}`)}</dt>
                <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-muted-foreground">{t('memberships.hint')}</p>
        </Card>
        <Card className="p-6">
          <RankedList
            title={t('linkClicks.title', { count: data.linkClicks.total, total: formatCount(data.linkClicks.total) })}
            emptyText={t('linkClicks.empty')}
            items={data.linkClicks.byLink.map((row) => ({ key: String(row.id), label: row.shortUrl.replace(/^https?:\/\//, ''), value: row.clicks }))}
          />
          <p className="mt-3 text-xs text-muted-foreground">{t('linkClicks.hint')}</p>
        </Card>
      </div>
    </>
  );
}
