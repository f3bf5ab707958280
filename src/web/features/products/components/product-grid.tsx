import { PackageSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '#web/components/pagination.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatCount } from '#web/lib/format.ts';
import type { StoreProductsPage } from '../api/get-store-products.ts';
import { useDiscountPrices } from '../api/discount-prices.ts';
import { ProductCard, ProductCardSkeleton, type CardAction } from './product-card.tsx';

// grid-cols-1: on a phone the cards are as wide as the page, whatever a name's length (a card's line is cut, not the page widened).
const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3';

interface ProductGridProps {
  data: StoreProductsPage | undefined;
  isPending: boolean;
  error: Error | null;
  isFetching: boolean;
  isPlaceholderData: boolean;
  onRetry: () => void;
  onPage: (page: number) => void;
  /** Shown in the empty state, e.g. a Clear All Filters button. */
  emptyAction?: ReactNode;
  emptyHint?: string;
  cardAction?: CardAction;
}

/** Loading (6 skeleton cards), error, empty and the product cards with Previous/Next paging. */
export function ProductGrid({ data, isPending, error, isFetching, isPlaceholderData, onRetry, onPage, emptyAction, emptyHint, cardAction }: ProductGridProps) {
  const { t } = useTranslation('products');
  const discounts = useDiscountPrices(data?.items.map((product) => product.id) ?? []);
  if (isPending) {
    return (
      <div>
        <p role="status" className="sr-only">
          {t('grid.loading')}
        </p>
        <div className={GRID}>
          {Array.from({ length: 6 }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </div>
      </div>
    );
  }
  if (error && !data) {
    return (
      <div role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-6 text-sm text-red-100">
        <p>{t('grid.failed', { message: error.message })}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={onRetry} disabled={isFetching}>
          {t('common:tryAgain')}
        </Button>
      </div>
    );
  }
  if (!data || data.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card/50 px-6 py-16 text-center">
        <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
          <PackageSearch aria-hidden="true" className="size-6" />
        </span>
        <h3 className="text-lg font-semibold">{t('grid.empty')}</h3>
        <p className="max-w-sm text-sm text-muted-foreground">{emptyHint ?? t('grid.emptyHint')}</p>
        {emptyAction}
      </div>
    );
  }

  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  const first = (data.page - 1) * data.pageSize + 1;
  // With more matches than were counted (totalCapped), the last page may go past the total.
  const last = first + data.items.length - 1;
  const total = formatCount(data.total);
  return (
    <div className="grid gap-6">
      <ul
        aria-label={t('grid.label')}
        aria-busy={isPlaceholderData}
        className={`${GRID} ${isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
      >
        {data.items.map((product) => (
          <li key={product.id} className="flex">
            <div className="flex w-full [&>article]:w-full">
              <ProductCard product={product} discountCents={discounts.discountOf(product.id)} action={cardAction} />
            </div>
          </li>
        ))}
      </ul>
      {pageCount > 1 ? (
        <nav aria-label={t('grid.pages')} className="flex flex-col items-center justify-between gap-3 border-t border-border pt-4 sm:flex-row">
          <p className="text-sm text-muted-foreground">
            {t('grid.showing', { first, last, total: data.totalCapped ? t('grid.capped', { formatted: total }) : total })}
          </p>
          <Pagination
            page={data.page}
            pages={pageCount}
            onPage={onPage}
            texts={{ previous: t('grid.previous'), next: t('grid.next'), status: (page, pages) => t('grid.pageOf', { page, pages }) }}
            className="gap-2"
          />
        </nav>
      ) : null}
    </div>
  );
}
