import { ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import type { CartContents } from '../api/types.ts';
import type { useCart } from '../utils/use-cart.ts';

/** The cart's loading, error and empty states; `children` renders a cart with items. */
export function CartState({ cart, children }: { cart: ReturnType<typeof useCart>; children: (contents: CartContents) => ReactNode }) {
  const { t } = useTranslation('orders');
  if (cart.isPending) return <LoadingState label={t('cart.loading')} />;
  if (cart.isError || !cart.contents) {
    return (
      <div className="grid gap-3">
        <Notice variant="error">{t('cart.loadFailed', { message: localizeError(cart.error, 'orders') })}</Notice>
        <div>
          <Button variant="outline" onClick={() => void cart.refetch()}>
            {t('common:tryAgain')}
          </Button>
        </div>
      </div>
    );
  }
  if (cart.contents.items.length === 0) {
    return (
      <div className="grid justify-items-center gap-4 rounded-2xl border border-dashed border-border bg-card/50 p-10 text-center">
        <ShoppingBag aria-hidden="true" className="size-10 text-brand-soft" />
        <p className="text-lg font-semibold">{t('errors.cartEmpty')}</p>
        <p className="text-muted-foreground">{t('cart.emptyHint')}</p>
        <Button asChild>
          <Link to="/store">{t('cart.browse')}</Link>
        </Button>
      </div>
    );
  }
  return <>{children(cart.contents)}</>;
}
