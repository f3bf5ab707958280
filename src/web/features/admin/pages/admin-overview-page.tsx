import { ArrowLeftRight, Ban, Clock, DollarSign, Package, ShieldAlert, UserRound, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isPartlyRefunded } from '#shared/sales.ts';
import { formatCount, formatDate, formatMoney } from '#web/lib/format.ts';
import { Notice } from '#web/components/notice.tsx';
import { StatCard } from '#web/components/stat-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useAdminOverview, type AdminOverview } from '../api/get-admin-overview.ts';
import { NewsletterExportButton } from '../components/newsletter-export-button.tsx';
import { TableScroll } from '#web/components/table-scroll.tsx';
import { LinkTilesCard } from '#web/components/link-tiles-card.tsx';
import { perCurrency } from '../utils/platform-money.ts';

function RecentTransactions({ rows }: { rows: AdminOverview['recentTransactions'] }) {
  const { t } = useTranslation('admin');
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('overview.noTransactions')}</p>;
  return (
    <TableScroll label={t('overview.recentTransactions')}>
      <table className="w-full min-w-[32rem] text-sm" data-testid="recent-transactions">
        <caption className="sr-only">{t('overview.recentTransactions')}</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">{t('overview.creator')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('overview.product')}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t('overview.amount')}</th>
            <th scope="col" className="py-2 pl-3 font-medium">{t('overview.date')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="max-w-48 truncate py-2 pr-3">{row.creatorName ?? t('overview.deletedCreator')}</td>
              <td className="max-w-56 truncate px-3 py-2">
                {row.kind === 'invoice' ? <span className="block text-xs text-muted-foreground">{t('overview.invoice')}</span> : null}
                {row.productName}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">
                {formatMoney(row.amountCents, row.currency)}
                {row.status === 'refunded' ? <span className="block text-xs text-red-300">{t('sales:recent.refunded')}</span> : null}
                {isPartlyRefunded(row) ? (
                  <span className="block text-xs whitespace-nowrap text-muted-foreground">{t('sales:recent.partlyRefunded', { amount: formatMoney(row.refundedCents, row.currency) })}</span>
                ) : null}
              </td>
              <td className="py-2 pl-3 whitespace-nowrap text-muted-foreground">{formatDate(row.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** How payments are taken, when an admin should know: not set up at all, or test cards only. */
function PaymentModeNotice({ mode }: { mode: AdminOverview['paymentMode'] }) {
  const { t } = useTranslation('admin');
  if (mode === 'none') {
    return (
      <Notice variant="error" title={t('overview.paymentsNoneTitle')}>
        {t('overview.paymentsNoneText')}
      </Notice>
    );
  }
  if (mode === 'test') {
    return (
      <Notice variant="info" title={t('overview.paymentsTestTitle')}>
        {t('overview.paymentsTestText')}
      </Notice>
    );
  }
  return null;
}

/** SPEC §2 Admin overview: platform totals, recent transactions and the management pages. */
export function AdminOverviewPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('overview.title'));
  const { data, isPending, isError, error, refetch, isFetching } = useAdminOverview();
  const forbidden = error instanceof ApiError && error.status === 403;
  const management = [
    { label: t('overview.manageCreators'), to: '/admin/users', icon: Users },
    { label: t('overview.manageProducts'), to: '/admin/products', icon: Package },
    { label: t('overview.transactions'), to: '/admin/transactions', icon: ArrowLeftRight },
    { label: t('overview.blockedDomains'), to: '/admin/blocked-domains', icon: Ban },
  ];
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('overview.title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('overview.subtitle')}</p>
        </div>
        {forbidden ? null : <NewsletterExportButton />}
      </div>
      {isPending ? (
        <LoadingState label={t('overview.loading')} />
      ) : forbidden ? (
        <div role="alert" className="flex items-center gap-3 rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-red-100">
          <ShieldAlert aria-hidden="true" className="size-5 shrink-0 text-red-300" />
          <p>{t('overview.denied')}</p>
        </div>
      ) : isError ? (
        <div role="alert" className="grid gap-3 rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-red-100">
          <p>{t('overview.failed', { message: error.message })}</p>
          <div>
            <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
              {t('common:tryAgain')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <PaymentModeNotice mode={data.paymentMode} />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label={t('overview.totalCreators')} value={formatCount(data.totalCreators)} icon={UserRound} hint={t('overview.totalUsers', { total: formatCount(data.totalUsers) })} />
            <StatCard label={t('overview.totalProducts')} value={formatCount(data.totalProducts)} icon={Package} />
            <StatCard
              label={t('overview.totalRevenue')}
              value={
                <span data-testid="total-revenue" className="grid">
                  {perCurrency(data, 'totalRevenueCents').map((amount) => (
                    <span key={amount}>{amount}</span>
                  ))}
                </span>
              }
              icon={DollarSign}
              hint={t('overview.platformFees', { fees: perCurrency(data, 'totalFeesCents').join(' · ') })}
            />
            <StatCard label={t('overview.pendingApprovals')} value={formatCount(data.pendingApprovals)} icon={Clock} />
          </div>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <Card className="p-6">
              <h2 className="mb-4 text-lg font-semibold">{t('overview.recentTransactions')}</h2>
              <RecentTransactions rows={data.recentTransactions} />
            </Card>
            <LinkTilesCard title={t('overview.management')} links={management} className="grid-cols-1" />
          </div>
        </>
      )}
    </div>
  );
}
