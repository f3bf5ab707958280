import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Payout } from '../api/types.ts';
import { formatDateTime, formatMoney } from '#web/lib/format.ts';
import { methodLabel } from '../utils/method-label.ts';
import { PayoutStatusBadge } from './payout-status-badge.tsx';
import { TableScroll } from '#web/components/table-scroll.tsx';

/** Payout history (SPEC §3): requested at, amount, method, status. */
export function PayoutHistory({ payouts }: { payouts: Payout[] }) {
  const { t } = useTranslation('payouts');
  if (payouts.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
          <History aria-hidden="true" className="size-6" />
        </span>
        <p className="font-medium">{t('payouts.historyEmpty')}</p>
        <p className="max-w-sm text-sm text-muted-foreground">{t('payouts.historyEmptyText')}</p>
      </div>
    );
  }
  return (
    <TableScroll label={t('payouts.historyTitle')}>
      <table className="w-full min-w-[560px] text-left text-sm">
        <caption className="sr-only">{t('payouts.historyTitle')}</caption>
        <thead className="border-b border-border text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">{t('payouts.requestedAt')}</th>
            <th scope="col" className="px-4 py-3 text-right font-medium">{t('payouts.amount')}</th>
            <th scope="col" className="px-4 py-3 font-medium">{t('payouts.method')}</th>
            <th scope="col" className="px-4 py-3 font-medium">{t('payouts.status')}</th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.id} className="border-b border-border/60 last:border-0">
              <td className="px-4 py-3 whitespace-nowrap">
                <time dateTime={payout.requestedAt}>{formatDateTime(payout.requestedAt)}</time>
              </td>
              <td className="px-4 py-3 text-right font-semibold tabular-nums">{formatMoney(payout.amountCents, payout.currency)}</td>
              <td className="px-4 py-3 break-words">{methodLabel(payout.method, t)}</td>
              <td className="px-4 py-3">
                <PayoutStatusBadge status={payout.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
