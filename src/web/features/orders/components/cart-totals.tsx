import { useTranslation } from 'react-i18next';
import type { Currency } from '#shared/money.ts';
import { formatMoney } from '#web/lib/format.ts';
import type { CartDiscount } from '../utils/use-cart-discount.ts';

/** The total, and with a discount code the subtotal and what the code takes off above it. */
export function CartTotals({ subtotalCents, currency, discount }: { subtotalCents: number; currency: Currency; discount: CartDiscount }) {
  const { t } = useTranslation('orders');
  return (
    <dl className="grid gap-1">
      {discount.applied ? (
        <>
          <div className="flex justify-between text-sm text-muted-foreground">
            <dt>{t('discount.subtotal')}</dt>
            <dd className="tabular-nums">{formatMoney(subtotalCents, currency)}</dd>
          </div>
          <div className="flex justify-between gap-3 text-sm text-emerald-400">
            {/* A long code wraps anywhere: on a phone it would widen the cart past its card. */}
            <dt className="min-w-0 wrap-anywhere">{t('discount.line', { code: discount.applied.code })}</dt>
            <dd className="shrink-0 tabular-nums">−{formatMoney(discount.discountCents, currency)}</dd>
          </div>
        </>
      ) : null}
      <div className="flex justify-between text-lg">
        <dt>{t('cart.total')}</dt>
        <dd className="font-bold tabular-nums" data-testid="cart-total">
          {formatMoney(subtotalCents - discount.discountCents, currency)}
        </dd>
      </div>
    </dl>
  );
}
