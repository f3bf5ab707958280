import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '#web/lib/format.ts';
import { CARD_TAGS_SHOWN, productPath } from '#shared/products.ts';
import { useTagLabel } from '#web/lib/use-tag-label.ts';
import type { StoreProduct } from '../api/store-types.ts';
import { fallbackCover } from '#web/lib/product-cover.ts';
import { DiscountedPrice } from './discounted-price.tsx';
import { StarRating } from './star-rating.tsx';

/** What a card offers besides its link: the orders feature's Buy now, composed in by the router. */
export type CardAction = (product: StoreProduct) => ReactNode;

/**
 * A marketplace card: the whole card is one link to the product page, named by the product; `action`
 * (Buy now) sits above that link, for a product bought as it is (one with versions or a price the buyer
 * names is chosen on its page).
 */
export function ProductCard({
  product,
  headingLevel = 'h3',
  discountCents = 0,
  action,
}: {
  product: StoreProduct;
  headingLevel?: 'h2' | 'h3';
  discountCents?: number;
  action?: CardAction;
}) {
  const { t, i18n } = useTranslation('products');
  const Heading = headingLevel;
  const { average, count } = product.rating;
  const tagLabel = useTagLabel();
  const tags = product.tags.slice(0, CARD_TAGS_SHOWN);
  return (
    <article
      data-testid="product-card"
      className="group relative flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-lg shadow-black/20 transition hover:-translate-y-0.5 hover:border-violet-500/50 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring"
    >
      <div className="aspect-[16/10] overflow-hidden bg-muted">
        <img
          src={product.cardUrl ?? fallbackCover(product.category)}
          alt=""
          loading="lazy"
          width={480}
          height={300}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-3">
          {/* Two lines at most; the whole title in the tooltip. */}
          <Heading title={product.name} className="line-clamp-2 min-w-0 font-semibold leading-snug break-words">
            <Link to={productPath(product)} className="after:absolute after:inset-0 focus-visible:outline-none">
              {product.name}
            </Link>
          </Heading>
          <p className="shrink-0 font-semibold text-brand-soft tabular-nums">
            <span className="sr-only">{t('product.priceLabel')} </span>
            {product.hasVersions ? (
              <>
                {t('product.fromCard')} <DiscountedPrice priceCents={product.priceCents} discountCents={discountCents} currency={product.currency} />
              </>
            ) : product.payWhatYouWant ? (
              t('product.payWhatYouWantCard', { minimum: formatMoney(product.priceCents, product.currency) })
            ) : (
              <DiscountedPrice priceCents={product.priceCents} discountCents={discountCents} currency={product.currency} />
            )}
          </p>
        </div>
        <p className="truncate text-sm text-muted-foreground">{t('product.by', { name: product.creator.name })}</p>
        {product.owned ? (
          <p className="w-fit rounded-full bg-emerald-500/15 px-2.5 py-0.5 text-xs font-medium text-emerald-300" data-testid="owned-badge">
            {t('product.owned')}
          </p>
        ) : null}
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="card-rating">
          {average !== null ? (
            <>
              <StarRating value={average} />
              <span aria-hidden="true" className="tabular-nums">
                {average.toLocaleString(i18n.language)} ({count.toLocaleString(i18n.language)})
              </span>
              <span className="sr-only">{t('reviews.average', { average: average.toLocaleString(i18n.language), count })}</span>
            </>
          ) : (
            t('reviews.noneShort')
          )}
        </p>
        {product.description ? <p className="line-clamp-2 text-sm text-muted-foreground/90">{product.description}</p> : null}
        {tags.length > 0 ? (
          <ul aria-label={t('product.tags')} className="mt-auto flex flex-wrap gap-1.5 pt-1">
            {tags.map((tag) => (
              <li key={tag} className="rounded-full bg-accent px-2.5 py-0.5 text-xs text-accent-foreground">
                {tagLabel(tag)}
              </li>
            ))}
          </ul>
        ) : null}
        {action && !product.owned && !product.hasVersions && !product.payWhatYouWant ? <div className={`relative z-10 pt-2 ${tags.length ? '' : 'mt-auto'}`}>{action(product)}</div> : null}
      </div>
    </article>
  );
}

/** Placeholder card shown while the products load. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" data-testid="product-card-skeleton" className="overflow-hidden rounded-xl border border-border bg-card">
      <div className="aspect-[16/10] animate-pulse bg-muted" />
      <div className="grid gap-3 p-4">
        <div className="flex justify-between gap-3">
          <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
          <div className="h-4 w-12 animate-pulse rounded bg-muted" />
        </div>
        <div className="h-3 w-1/3 animate-pulse rounded bg-muted" />
        <div className="h-3 w-full animate-pulse rounded bg-muted" />
        <div className="h-3 w-4/5 animate-pulse rounded bg-muted" />
        <div className="flex gap-2">
          <div className="h-5 w-14 animate-pulse rounded-full bg-muted" />
          <div className="h-5 w-16 animate-pulse rounded-full bg-muted" />
        </div>
      </div>
    </div>
  );
}
