import { useQueryClient } from '@tanstack/react-query';
import { BarChart3, Briefcase, DollarSign, FileText, Link2, Package, Palette, ShoppingCart, Upload, Wand2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatMoney } from '#web/lib/format.ts';
import { SALES_CHANGED_EVENT } from '#shared/sales.ts';
import { Notice } from '#web/components/notice.tsx';
import { StatCard } from '#web/components/stat-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { overviewQueryOptions, useOverview } from '../api/get-overview.ts';
import { EarningsChart } from '../components/earnings-chart.tsx';
import { ProductPerformance } from '../components/product-performance.tsx';
import { RevenueBySource } from '../components/revenue-by-source.tsx';
import { RecentActivity } from '../components/recent-activity.tsx';
import { LinkTilesCard } from '#web/components/link-tiles-card.tsx';
import { useDashboardBase } from '#web/lib/dashboard-base.ts';

/** Figures follow sales, paid invoices and product changes of this creator as they happen. */
function useLiveOverview(userId: string | undefined) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: overviewQueryOptions().queryKey });
  useRealtimeEvent(SALES_CHANGED_EVENT, refresh);
  useRealtimeEvent('invoices.changed', refresh);
  useRealtimeEvent('products.changed', (event) => {
    if (userId && event.data.userId === userId) refresh();
  });
}

/**
 * SPEC §2 Creator overview: stats, featured tools, quick actions, recent activity, earnings and conversion.
 * The Generate Payment Link action belongs to the payments feature, and the onboarding checklist (shown
 * under the header) to the onboarding feature; the dashboard's home passes them in.
 */
export function OverviewPage({ paymentLinkAction, onboarding }: { paymentLinkAction?: ReactNode; onboarding?: ReactNode }) {
  const { t } = useTranslation('sales');
  usePageTitle(t('overview.title'));
  const base = useDashboardBase();
  const { data: user } = useCurrentUser();
  useLiveOverview(user?.id);
  const { data, isPending, isError, error, refetch, isFetching } = useOverview();
  const firstName = user?.name.split(' ')[0] ?? '';

  const tools = [
    { label: t('tools.design'), to: `${base}/creator-tools/platform`, icon: Palette },
    { label: t('tools.ai'), to: `${base}/creator-tools/ai-builder`, icon: Wand2 },
    { label: t('tools.links'), to: '/zerrilink-dashboard', icon: Link2 },
    { label: t('tools.jobs'), to: `${base}/zerrijobs`, icon: Briefcase },
  ];

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('overview.title')}</h1>
          <p className="mt-1 text-muted-foreground">
            {/* 'Welcome' in the account's first session (GET /api/me's firstSession), 'Welcome back' afterwards. */}
            {user?.firstSession
              ? firstName ? t('overview.welcomeFirstName', { name: firstName }) : t('overview.welcomeFirst')
              : firstName ? t('overview.welcomeName', { name: firstName }) : t('overview.welcome')}
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to={`${base}/analytics`}>
            <BarChart3 aria-hidden="true" /> {t('overview.fullAnalytics')}
          </Link>
        </Button>
      </div>

      {onboarding}

      {isPending ? (
        <LoadingState label={t('overview.loading')} />
      ) : isError ? (
        <div className="grid gap-3">
          <Notice variant="error">{t('overview.failed', { message: localizeError(error, 'orders') })}</Notice>
          <div>
            <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
              {t('common:tryAgain')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <StatCard
              label={t('stats.earnings')}
              value={<span data-testid="total-earnings">{formatMoney(data.totalEarningsCents, data.currency)}</span>}
              icon={DollarSign}
              hint={data.feeBps > 0 ? t('stats.feeHint', { percent: data.feeBps / 100, fee: formatMoney(data.totalFeesCents, data.currency) }) : t('stats.noFee')}
            />
            <StatCard label={t('stats.products')} value={formatCount(data.uploadedProducts)} icon={Package} />
            <StatCard label={t('stats.sales')} value={<span data-testid="total-sales">{formatCount(data.totalSales)}</span>} icon={ShoppingCart} />
          </div>

          <div className="grid gap-6 lg:grid-cols-2">
            <LinkTilesCard title={t('tools.title')} links={tools} className="grid-cols-2" />
            <Card className="p-6">
              <h2 className="mb-4 text-lg font-semibold">{t('actions.title')}</h2>
              <div className="flex flex-wrap gap-3">
                <Button asChild className="justify-start">
                  <Link to={`${base}/products/upload`}>
                    <Upload aria-hidden="true" /> {t('actions.upload')}
                  </Link>
                </Button>
                {paymentLinkAction}
                <Button asChild variant="outline" className="justify-start">
                  <Link to={`${base}/payments`}>
                    <FileText aria-hidden="true" /> {t('actions.invoices')}
                  </Link>
                </Button>
              </div>
            </Card>
          </div>

          <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <Card className="p-6">
              <h2 className="mb-4 text-lg font-semibold">{t('chart.title')}</h2>
              <EarningsChart days={data.earningsByDay} currency={data.currency} />
            </Card>
            <Card className="p-6">
              <h2 className="mb-4 text-lg font-semibold">{t('recent.title')}</h2>
              <RecentActivity sales={data.recentSales} />
            </Card>
          </div>

          <Card className="p-6">
            <h2 className="mb-4 text-lg font-semibold">{t('performance.title')}</h2>
            <ProductPerformance products={data.products} />
          </Card>

          <Card className="p-6">
            <h2 className="mb-4 text-lg font-semibold">{t('sources.title')}</h2>
            <RevenueBySource sources={data.sources} currency={data.currency} />
          </Card>
        </>
      )}
    </div>
  );
}
