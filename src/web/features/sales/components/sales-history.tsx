import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '#web/lib/format.ts';
import { isPartlyRefunded, SALES_CHANGED_EVENT } from '#shared/sales.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { cn } from '#web/lib/utils.ts';
import { useRecentSales } from '../api/get-my-sales.ts';
import { MY_SALES_QUERY_KEY, type CreatorSale } from '../api/types.ts';
import { RefundSaleDialog } from './refund-sale-dialog.tsx';
import { TableScroll } from '#web/components/table-scroll.tsx';

function StatusBadge({ status }: { status: CreatorSale['status'] }) {
  const { t } = useTranslation('sales');
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2.5 py-0.5 text-xs font-medium',
        status === 'completed' ? 'bg-emerald-500/15 text-emerald-200' : 'bg-red-500/15 text-red-200',
      )}
    >
      {t(`orders:status.${status}`)}
    </span>
  );
}

/** The signed-in creator's latest sales (profile tab "Sales History"), linking to the Sales page for all of them; refreshes live. */
export function SalesHistory() {
  const { t } = useTranslation('sales');
  const { data, isPending, isError, error, refetch, isFetching } = useRecentSales();
  const queryClient = useQueryClient();
  useRealtimeEvent(SALES_CHANGED_EVENT, () => void queryClient.invalidateQueries({ queryKey: MY_SALES_QUERY_KEY }));

  if (isPending) return <LoadingState label={t('history.loading')} />;
  if (isError) {
    return (
      <div className="grid gap-3">
        <Notice variant="error">{t('history.loadFailed', { message: localizeError(error, 'orders') })}</Notice>
        <div>
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
            {t('common:tryAgain')}
          </Button>
        </div>
      </div>
    );
  }
  if (data.items.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border bg-card/50 p-8 text-center">
        <Receipt aria-hidden="true" className="size-8 text-brand-soft" />
        <p className="font-semibold">{t('history.empty')}</p>
        <p className="text-sm text-muted-foreground">{t('history.emptyHint')}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        {/* Search, filters, every sale and the export: the Sales page (features/sales/pages/sales-page.tsx). */}
        <Button asChild variant="outline" size="sm">
          <Link to="/dashboard/sales">
            {t('history.seeAll')} <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <TableScroll label={t('history.caption')} className="rounded-xl border border-border">
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">{t('history.caption')}</caption>
          <thead className="bg-muted/50 text-left text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">{t('history.product')}</th>
              <th scope="col" className="px-4 py-3 font-medium">{t('history.buyer')}</th>
              <th scope="col" className="px-4 py-3 text-right font-medium">{t('history.amount')}</th>
              <th scope="col" className="px-4 py-3 font-medium">{t('history.status')}</th>
              <th scope="col" className="px-4 py-3 font-medium">{t('history.date')}</th>
              <th scope="col" className="px-4 py-3 font-medium"><span className="sr-only">{t('history.actions')}</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {data.items.map((sale) => (
              <tr key={sale.id} data-testid="sale-row">
                <td className="max-w-60 px-4 py-3 font-medium break-words">
                  {sale.productName}
                  {sale.versionName ? <span className="block text-xs font-normal text-muted-foreground">{t('history.version', { name: sale.versionName })}</span> : null}
                  {sale.orderNumber ? <span className="block text-xs font-normal text-muted-foreground">{t('history.orderNumber', { number: sale.orderNumber })}</span> : null}
                </td>
                <td className="max-w-60 truncate px-4 py-3">{sale.buyerEmail}</td>
                <td className="px-4 py-3 text-right tabular-nums">
                  {formatMoney(sale.amountCents, sale.currency)}
                  {sale.discountCode ? (
                    <span className="block text-xs text-emerald-400">{t('history.discount', { code: sale.discountCode, amount: formatMoney(sale.discountCents, sale.currency) })}</span>
                  ) : null}
                  {sale.taxCents > 0 ? (
                    <span className="block text-xs text-muted-foreground">{t('history.tax', { amount: formatMoney(sale.taxCents, sale.currency) })}</span>
                  ) : null}
                  {sale.feeCents > 0 ? (
                    <span className="block text-xs text-muted-foreground">{t('history.fee', { fee: formatMoney(sale.feeCents, sale.currency) })}</span>
                  ) : null}
                  {sale.commissionCents > 0 ? (
                    <span className="block text-xs text-muted-foreground">{t('history.commission', { amount: formatMoney(sale.commissionCents, sale.currency) })}</span>
                  ) : null}
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={sale.status} />
                  {isPartlyRefunded(sale) ? (
                    <span className="mt-1 block text-xs whitespace-nowrap text-muted-foreground">
                      {t('history.partlyRefunded', { amount: formatMoney(sale.refundedCents, sale.currency) })}
                    </span>
                  ) : null}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">{formatDateTime(sale.createdAt)}</td>
                <td className="px-4 py-3 text-right">{sale.status === 'completed' ? <RefundSaleDialog sale={sale} /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
