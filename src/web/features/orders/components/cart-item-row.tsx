import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '#web/lib/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { CartItem } from '../api/types.ts';

const fallbackCover = (category: string) => `/covers/${category.toLowerCase()}.svg`;

/** One product in the cart or the checkout summary; `onRemove` adds the Remove button, `children` go under the line. */
export function CartItemRow({ item, onRemove, removing, children }: { item: CartItem; onRemove?: () => void; removing?: boolean; children?: ReactNode }) {
  const { t } = useTranslation('orders');
  return (
    <li className="flex flex-col gap-3 py-4" data-testid="cart-item">
      <div className="flex items-center gap-4">
        <img
          src={item.cardUrl ?? fallbackCover(item.category)}
          alt=""
          width={96}
          height={60}
          className="aspect-[16/10] w-20 shrink-0 rounded-md border border-border object-cover sm:w-24"
        />
        <div className="min-w-0 flex-1">
          <Link to={`/store/product/${item.id}`} title={item.name} className="line-clamp-2 font-medium break-words hover:underline">
            {item.name}
          </Link>
          <p className="truncate text-sm text-muted-foreground">{t('cart.by', { name: item.creator.name })}</p>
        </div>
        <p className="shrink-0 font-semibold tabular-nums">{formatMoney(item.priceCents)}</p>
        {onRemove ? (
          <Button variant="ghost" size="icon" onClick={onRemove} disabled={removing} aria-label={t('cart.remove', { name: item.name })}>
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {children}
    </li>
  );
}
