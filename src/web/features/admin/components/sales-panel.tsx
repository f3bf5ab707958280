import { Receipt } from 'lucide-react';
import { isPartlyRefunded } from '#shared/sales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { AdminTable } from '#web/components/admin-table.tsx';
import { useAdminSales } from '../api/get-sales.ts';
import type { AdminSalesPage } from '../api/types.ts';
import { formatDateTime, formatMoney } from '#web/lib/format.ts';
import { perCurrency } from '../utils/platform-money.ts';
import { billingError } from '../utils/messages.ts';
import { Pagination } from '#web/components/pagination.tsx';
import { useBillingPaginationTexts } from '../utils/pagination-texts.ts';
import { StatusBadge } from './status-badge.tsx';
import { TruncatedText } from '#web/components/truncated-text.tsx';

/** The platform's money over every transaction, per currency: the same figures as the admin overview's. */
function Totals({ totals }: { totals: AdminSalesPage['totals'] }) {
  const { t } = useTranslation('admin');
  const figures = [
    { label: t('transactions.totalRevenue'), amounts: perCurrency(totals, 'totalRevenueCents'), testId: 'transactions-revenue' },
    { label: t('transactions.totalFees'), amounts: perCurrency(totals, 'totalFeesCents'), testId: 'transactions-fees' },
    { label: t('transactions.totalRefunds'), amounts: perCurrency(totals, 'totalRefundsCents'), testId: 'transactions-refunds' },
  ];
  return (
    <>
      <h2 className="sr-only">{t('transactions.totals')}</h2>
      <dl className="flex flex-wrap gap-x-8 gap-y-2 px-4 py-3 text-sm">
        {figures.map((figure) => (
          <div key={figure.testId} className="flex gap-2">
            <dt className="text-muted-foreground">{figure.label}</dt>
            <dd className="font-semibold tabular-nums" data-testid={figure.testId}>
              {figure.amounts.join(' · ')}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** Every sale and invoice payment: creator, product (or invoice), buyer e-mail, amount, fee, status, date. */
export function SalesPanel() {
  const { t } = useTranslation('admin');
  const paginationTexts = useBillingPaginationTexts();
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch, isFetching } = useAdminSales(page);

  if (isPending) return <LoadingState label={t('transactions.salesLoading')} />;
  if (isError) {
    return (
      <div role="alert" className="m-4 rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-100">
        <p>{t('transactions.loadFailed', { reason: billingError(error) })}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()} disabled={isFetching}>
          {t('transactions.tryAgain')}
        </Button>
      </div>
    );
  }
  if (data.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
        <Receipt aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{t('transactions.salesEmpty')}</p>
      </div>
    );
  }
  return (
    <>
      <Totals totals={data.totals} />
      <AdminTable
        caption={t('transactions.salesTab')}
        minWidth="min-w-[860px]"
        small
        inset
        columns={[
          { label: t('transactions.creator') },
          { label: t('transactions.product') },
          { label: t('transactions.buyer') },
          { label: t('transactions.amount'), align: 'right' },
          { label: t('transactions.fee'), align: 'right' },
          { label: t('transactions.status') },
          { label: t('transactions.date') },
        ]}
      >
        {data.items.map((sale) => (
          <tr key={sale.id} className="border-b border-border/60 last:border-0">
            <td className="px-4 py-3 break-words">{sale.creatorName ?? t('transactions.deletedAccount')}</td>
            <td className="px-4 py-3 break-words">
              {sale.kind === 'invoice' ? <span className="block text-xs text-muted-foreground">{t('transactions.invoice')}</span> : null}
              {sale.productName}
            </td>
            <td className="px-4 py-3">
              <TruncatedText text={sale.buyerEmail} />
            </td>
            <td className="px-4 py-3 text-right font-semibold tabular-nums">{formatMoney(sale.amountCents, sale.currency)}</td>
            <td className="px-4 py-3 text-right tabular-nums">{formatMoney(sale.feeCents, sale.currency)}</td>
            <td className="px-4 py-3">
              <StatusBadge status={sale.status} />
              {isPartlyRefunded(sale) ? (
                <span className="mt-1 block text-xs whitespace-nowrap text-muted-foreground">
                  {t('transactions.partlyRefunded', { amount: formatMoney(sale.refundedCents, sale.currency) })}
                </span>
              ) : null}
            </td>
            <td className="px-4 py-3 whitespace-nowrap">
              <time dateTime={sale.createdAt}>{formatDateTime(sale.createdAt)}</time>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} texts={paginationTexts} className="justify-end px-4 py-3" />
    </>
  );
}
