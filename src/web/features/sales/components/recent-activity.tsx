import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isPartlyRefunded } from '#shared/sales.ts';
import { formatDateTime, formatMoney } from '#web/lib/format.ts';
import type { OverviewSale } from '../api/get-overview.ts';

/** The last five sales (SPEC §2 Creator overview, recent activity). */
export function RecentActivity({ sales }: { sales: OverviewSale[] }) {
  const { t } = useTranslation('sales');
  if (sales.length === 0) return <p className="text-sm text-muted-foreground">{t('recent.empty')}</p>;
  return (
    <ul className="grid gap-3" data-testid="recent-activity">
      {sales.map((sale) => (
        <li key={sale.id} className="flex min-w-0 items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-brand-soft">
            <ShoppingCart aria-hidden="true" className="size-4" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">
              {sale.productName}
              {sale.versionName ? <span className="font-normal text-muted-foreground"> · {sale.versionName}</span> : null}
            </p>
            <p className="truncate text-xs text-muted-foreground">
              {sale.buyerEmail} · {formatDateTime(sale.createdAt)}
            </p>
          </div>
          <p className="shrink-0 text-right font-semibold tabular-nums">
            {formatMoney(sale.amountCents, sale.currency)}
            {sale.status === 'refunded' ? <span className="block text-xs font-normal text-red-300">{t('recent.refunded')}</span> : null}
            {isPartlyRefunded(sale) ? (
              <span className="block text-xs font-normal text-muted-foreground">{t('recent.partlyRefunded', { amount: formatMoney(sale.refundedCents, sale.currency) })}</span>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
