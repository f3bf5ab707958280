import { productPath } from '#shared/products.ts';
import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '#web/lib/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { PricedLine } from '../utils/cart-lines.ts';
import { fallbackCover } from '#web/lib/product-cover.ts';

/** One product in the cart or the checkout summary; `onRemove` adds the Remove button, `children` go under the line. */
export function CartItemRow({
  item,
  discountCents = 0,
  onRemove,
  removing,
  children,
}: {
  item: PricedLine;
  /** Taken off by the buyer's discount code: the list price shows struck through beside the new one. */
  discountCents?: number;
  onRemove?: () => void;
  removing?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('orders');
  return (
    <li className="@container flex flex-col gap-3 py-4" data-testid="cart-item">
      {/*
        In a narrow line (a phone, the checkout's summary beside the form) the price goes under the name,
        so the name keeps the width; beside it when the line is wide (its own width, not the screen's).
        Names are shown whole, wrapped, never cut.
      */}
      <div className="grid grid-cols-[4rem_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 @lg:grid-cols-[6rem_minmax(0,1fr)_auto_auto] @lg:gap-x-4">
        <img
          src={item.cardUrl ?? fallbackCover(item.category)}
          alt=""
          width={96}
          height={60}
          className="row-span-2 aspect-[16/10] w-16 rounded-md border border-border object-cover @lg:row-span-1 @lg:w-24"
        />
        <div className="col-start-2 min-w-0">
          <Link to={productPath(item)} className="font-medium wrap-anywhere hover:underline">
            {item.name}
          </Link>
          {item.version ? (
            <p className="text-sm font-medium wrap-anywhere text-brand-soft" data-testid="cart-version">
              <span className="sr-only">{t('versions.label')}: </span>
              {item.version.name}
            </p>
          ) : null}
          <p className="text-sm wrap-anywhere text-muted-foreground">{t('cart.by', { name: item.creator.name })}</p>
        </div>
        <p className="col-start-2 row-start-2 font-semibold tabular-nums @lg:col-start-3 @lg:row-start-1 @lg:text-right">
          {discountCents ? (
            <>
              <del className="mr-2 font-normal text-muted-foreground">
                <span className="sr-only">{t('discount.listPrice')} </span>
                {formatMoney(item.priceCents, item.currency)}
              </del>
              <ins className="no-underline">
                <span className="sr-only">{t('discount.newPrice')} </span>
                {formatMoney(item.priceCents - discountCents, item.currency)}
              </ins>
            </>
          ) : (
            formatMoney(item.priceCents, item.currency)
          )}
        </p>
        {onRemove ? (
          <Button
            variant="ghost"
            size="icon"
            onClick={onRemove}
            disabled={removing}
            aria-label={t('cart.remove', { name: item.name })}
            className="col-start-3 row-span-2 row-start-1 @lg:col-start-4 @lg:row-span-1"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {children}
    </li>
  );
}
