import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useCart, useCartSync } from '../utils/use-cart.ts';

/** The header's cart icon with the number of items; it also keeps the cart in sync (see useCartSync). */
export function CartLink() {
  const { t } = useTranslation();
  useCartSync();
  const { count } = useCart();
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link to="/cart" aria-label={t('cartLink', { count })} data-testid="cart-link">
        <ShoppingCart aria-hidden="true" className="size-5!" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[0.7rem] leading-5 font-semibold text-primary-foreground tabular-nums"
          >
            {count}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}
