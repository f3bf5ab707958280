import { useTranslation } from 'react-i18next';
import type { Currency } from '#shared/money.ts';
import { formatMoney } from '#web/lib/format.ts';

/** The tax an order's total includes (when it has some) and the total: the order page's, Buy now's and the receipt's. */
export function OrderTotals({ taxCents, totalCents, currency }: { taxCents: number; totalCents: number; currency: Currency }) {
  const { t } = useTranslation('orders');
  return (
    <>
      {taxCents > 0 ? (
        <p className="flex justify-between gap-4">
          <span>{t('checkout.tax')}</span>
          <span className="tabular-nums">{formatMoney(taxCents, currency)}</span>
        </p>
      ) : null}
      <p className="flex justify-between text-lg">
        <span>{t('cart.total')}</span>
        <span className="font-bold tabular-nums" data-testid="order-total">
          {formatMoney(totalCents, currency)}
        </span>
      </p>
    </>
  );
}
