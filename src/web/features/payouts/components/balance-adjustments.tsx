import { useTranslation } from 'react-i18next';
import type { BalanceAdjustment } from '#shared/payouts-api.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { TableScroll } from '#web/components/table-scroll.tsx';
import { formatDateTime, formatMoney } from '#web/lib/format.ts';

/** The admins' adjustments of the balance (issue #45): when, how much (a debit with its minus sign) and why. Nothing without any. */
export function BalanceAdjustments({ adjustments }: { adjustments: BalanceAdjustment[] }) {
  const { t } = useTranslation('payouts');
  if (adjustments.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('payouts.adjustmentsTitle')}</CardTitle>
        <CardDescription>{t('payouts.adjustmentsIntro')}</CardDescription>
      </CardHeader>
      <CardContent className="px-0 pb-2 sm:px-2">
        <TableScroll label={t('payouts.adjustmentsTitle')}>
          <table className="w-full min-w-[480px] text-left text-sm">
            <caption className="sr-only">{t('payouts.adjustmentsTitle')}</caption>
            <thead className="border-b border-border text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">{t('payouts.adjustmentDate')}</th>
                <th scope="col" className="px-4 py-3 text-right font-medium">{t('payouts.amount')}</th>
                <th scope="col" className="px-4 py-3 font-medium">{t('payouts.adjustmentReason')}</th>
              </tr>
            </thead>
            <tbody>
              {adjustments.map((adjustment) => (
                <tr key={adjustment.id} className="border-b border-border/60 last:border-0">
                  <td className="px-4 py-3 whitespace-nowrap">
                    <time dateTime={adjustment.createdAt}>{formatDateTime(adjustment.createdAt)}</time>
                  </td>
                  <td className="px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums">{formatMoney(adjustment.amountCents, adjustment.currency)}</td>
                  <td className="px-4 py-3 break-words">{adjustment.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </CardContent>
    </Card>
  );
}
