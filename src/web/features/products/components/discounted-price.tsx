import { useTranslation } from 'react-i18next';
import type { Currency } from '#shared/money.ts';
import { formatMoney } from '#web/lib/format.ts';

/** A price, and with a discount code the list price struck through before what the buyer pays. */
export function DiscountedPrice({ priceCents, discountCents, currency }: { priceCents: number; discountCents: number; currency: Currency }) {
  const { t } = useTranslation('products');
  if (!discountCents) return <>{formatMoney(priceCents, currency)}</>;
  return (
    <>
      <del className="mr-1.5 text-[0.75em] font-normal text-muted-foreground">
        <span className="sr-only">{t('product.listPrice')} </span>
        {formatMoney(priceCents, currency)}
      </del>
      <ins className="no-underline">
        <span className="sr-only">{t('product.discountedPrice')} </span>
        {formatMoney(priceCents - discountCents, currency)}
      </ins>
    </>
  );
}
