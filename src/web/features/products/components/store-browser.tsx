import { SlidersHorizontal, X } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_CATEGORIES } from '#shared/products.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useCategoryLabel } from '#web/lib/use-category-label.ts';
import { cn } from '#web/lib/utils.ts';
import { useTagLabel } from '#web/lib/use-tag-label.ts';
import { STORE_PAGE_SIZE, type StoreSort } from '#shared/products-store.ts';
import { useStoreProducts, type StoreProductsPage } from '../api/get-store-products.ts';
import { useStoreFilters } from '../utils/use-store-filters.ts';
import { Chip } from './chip.tsx';
import { PriceSlider } from './price-slider.tsx';
import { ProductGrid } from './product-grid.tsx';
import type { CardAction } from './product-card.tsx';
import { SearchBox } from './search-box.tsx';
import { SortSelect } from './sort-select.tsx';

/**
 * Search, filters and the product grid. The marketplace has category chips and a filter sidebar
 * (a toggle on small screens); a storefront (`creator`) has only search and sort (SPEC §2).
 */
export function StoreBrowser({ creator, cardAction }: { creator?: string; cardAction?: CardAction }) {
  const { t, i18n } = useTranslation('products');
  const tagLabel = useTagLabel();
  const categoryLabel = useCategoryLabel();
  const id = useId();
  const isMarketplace = creator === undefined;
  const { filters, update, clear, active } = useStoreFilters();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsRef = useRef<HTMLElement>(null);
  const query = useStoreProducts({
    q: filters.q || undefined,
    category: isMarketplace ? filters.category : undefined,
    maxPrice: filters.maxPrice,
    tags: filters.tags,
    creator,
    sort: filters.sort,
    page: filters.page,
    pageSize: STORE_PAGE_SIZE,
  });
  const { data } = query;
  // "1,000+" when the server stopped counting (STORE_TOTAL_CAP).
  const shownTotal = (page: StoreProductsPage) => {
    const formatted = page.total.toLocaleString(i18n.language);
    return page.totalCapped ? t('grid.capped', { formatted }) : formatted;
  };

  const search = useCallback((q: string) => update({ q }), [update]);
  const setMaxPrice = useCallback((maxPrice: number | undefined) => update({ maxPrice }), [update]);
  const setSort = useCallback((sort: StoreSort) => update({ sort }), [update]);
  const toggleTag = (tag: string) =>
    update({ tags: filters.tags.includes(tag) ? filters.tags.filter((existing) => existing !== tag) : [...filters.tags, tag] });
  const goToPage = (page: number) => {
    update({ page });
    resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const sidebarFilterCount = filters.tags.length + (filters.maxPrice === undefined ? 0 : 1);
  // Tags offered: the most used ones in this scope, plus any chosen through a shared link.
  const tagOptions = [...new Set([...(data?.facets.tags ?? []), ...filters.tags])];
  const clearButton = (
    <Button variant="outline" onClick={clear} disabled={!active}>
      <X aria-hidden="true" /> {t('filters.clear')}
    </Button>
  );

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <SearchBox
            id={`${id}-search`}
            value={filters.q}
            onSearch={search}
            placeholder={isMarketplace ? t('search.marketplace') : t('search.storefront')}
          />
        </div>
        <div className="flex items-end gap-3">
          <div className="flex-1 sm:w-52 sm:flex-none">
            <SortSelect id={`${id}-sort`} value={filters.sort} onChange={setSort} />
          </div>
          {isMarketplace ? (
            <Button
              variant="outline"
              className="lg:hidden"
              data-takeover="store-filters"
              aria-expanded={filtersOpen}
              aria-controls={`${id}-filters`}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              <SlidersHorizontal aria-hidden="true" /> {t('filters.title')}
              {sidebarFilterCount > 0 ? (
                <span className="rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground tabular-nums">
                  {sidebarFilterCount}
                  <span className="sr-only"> {t('filters.active')}</span>
                </span>
              ) : null}
            </Button>
          ) : null}
        </div>
      </div>

      {isMarketplace ? (
        <div role="group" aria-label={t('filters.categories')} className="flex flex-wrap gap-2">
          {FILTER_CATEGORIES.map((category) => (
            <Chip key={category} pressed={filters.category === category} onClick={() => update({ category })}>
              {category === 'All' ? t('chips.all') : categoryLabel(category)}
            </Chip>
          ))}
        </div>
      ) : null}

      <div className={cn('grid gap-8', isMarketplace && 'lg:grid-cols-[16rem_minmax(0,1fr)]')}>
        {isMarketplace ? (
          <aside id={`${id}-filters`} aria-label={t('filters.title')} className={cn(filtersOpen ? 'block' : 'hidden', 'lg:block')}>
            <div className="grid gap-6 rounded-xl border border-border bg-card p-5 lg:sticky lg:top-24">
              <h2 className="text-base font-semibold">{t('filters.title')}</h2>
              <PriceSlider id={`${id}-price`} facets={data?.facets} value={filters.maxPrice} onChange={setMaxPrice} />
              <div className="grid gap-3">
                <h3 id={`${id}-tags`} className="text-sm font-medium">
                  {t('filters.tags')}
                </h3>
                {tagOptions.length > 0 ? (
                  <div role="group" aria-labelledby={`${id}-tags`} className="flex flex-wrap gap-2">
                    {tagOptions.map((tag) => (
                      <Chip key={tag} pressed={filters.tags.includes(tag)} onClick={() => toggleTag(tag)} className="px-3 py-1 text-xs">
                        {tagLabel(tag)}
                      </Chip>
                    ))}
                  </div>
                ) : (
                  <p className="text-sm text-muted-foreground">{data ? t('filters.noTags') : t('filters.loadingTags')}</p>
                )}
              </div>
              {clearButton}
            </div>
          </aside>
        ) : null}

        <section ref={resultsRef} aria-labelledby={`${id}-results`} className="min-w-0 scroll-mt-24">
          <div className="mb-4 flex items-center justify-between gap-3">
            <h2 id={`${id}-results`} className="text-lg font-semibold" aria-live="polite">
              {data ? t('grid.count', { count: data.total, formatted: shownTotal(data) }) : t('grid.label')}
            </h2>
            {query.isFetching && !query.isPending ? <Spinner label={t('grid.updating')} className="size-4" /> : null}
          </div>
          <ProductGrid
            data={data}
            isPending={query.isPending}
            error={query.error}
            isFetching={query.isFetching}
            isPlaceholderData={query.isPlaceholderData}
            onRetry={() => void query.refetch()}
            onPage={goToPage}
            emptyHint={
              active
                ? t('grid.noMatch')
                : isMarketplace
                  ? t('grid.nothingYet')
                  : t('grid.creatorNothingYet')
            }
            emptyAction={active ? clearButton : undefined}
            cardAction={cardAction}
          />
        </section>
      </div>
    </div>
  );
}
