import { ArrowLeft, Eye, MessageSquare, Pencil } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useDiscountCodeFromUrl } from '#web/lib/discount-code.ts';
import { chosenVersion, usePriceChoices, useVersionChoices } from '#web/lib/price-choices.ts';
import { useDiscountPrices } from '../api/discount-prices.ts';
import { DiscountedPrice } from '../components/discounted-price.tsx';
import { formatCount, formatMoney } from '#web/lib/format.ts';
import { PRODUCT_MESSAGES, productPath } from '#shared/products.ts';
import type { Currency } from '#shared/money.ts';
import type { ProductDetails } from '#shared/products-api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useProduct } from '../api/get-store-product.ts';
import { useRecordProductView } from '../api/record-product-view.ts';
import { ContactCreatorDialog } from '../components/contact-creator-dialog.tsx';
import { CreatorAvatar } from '../components/creator-avatar.tsx';
import { CreatorSocialLinks } from '../components/creator-social-links.tsx';
import { ProductGallery } from '../components/product-gallery.tsx';
import { ProductReviews } from '../components/product-reviews.tsx';
import { StoreNotice } from '../components/store-notice.tsx';
import { fallbackCover } from '#web/lib/product-cover.ts';
import { useCategoryLabel } from '#web/lib/use-category-label.ts';
import { useTagLabel } from '#web/lib/use-tag-label.ts';
import { useLiveStore } from '../utils/use-live-store.ts';

/** The description's Markdown renderer (marked) comes with this page only, after its first paint. */
const MarkdownText = lazy(() => import('../components/markdown-text.tsx'));

const storefrontPath = (creator: { slug: string; id: string }) => (creator.slug ? `/store/${creator.slug}` : `/store/creator/${creator.id}`);

/** Counts one view when a product page opens (the server counts once per visitor and day, never the owner). */
function useCountView(loadedId: string | undefined) {
  const { mutate } = useRecordProductView();
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!loadedId || counted.current === loadedId) return;
    counted.current = loadedId;
    mutate(loadedId);
  }, [loadedId, mutate]);
}

/** Opened by its id or an earlier slug (the server redirects page loads; links inside the app land here): the address becomes the slug. */
function useCanonicalAddress(address: string, product: { id: string; slug: string } | undefined) {
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  useEffect(() => {
    if (product && address !== product.slug) void navigate(`${productPath(product)}${search}${hash}`, { replace: true });
  }, [address, product, search, hash, navigate]);
}

/** Opening /store/product/{id}#reviews (from the library) scrolls to the reviews once they are on the page. */
function useScrollToReviews(ready: boolean) {
  useEffect(() => {
    if (ready && window.location.hash === '#reviews') document.getElementById('reviews')?.scrollIntoView({ block: 'start' });
  }, [ready]);
}

/**
 * /store/product/{id} (SPEC §2): cover, details, the cart action, the creator and reviews.
 * `cartAction` is the cart feature's Add to Cart, `updatesBox` the audience feature's "Get
 * updates" sign-up for the creator, and `affiliateBox` the affiliates feature's "Become an
 * affiliate", all composed in by the router.
 */
export function ProductPage({
  cartAction,
  updatesBox,
  affiliateBox,
}: {
  updatesBox?: (creator: { id: string; name: string }) => ReactNode;
  affiliateBox?: (product: { id: string }) => ReactNode;
  cartAction?: (product: {
    id: string;
    name: string;
    owned: boolean;
    priceCents: number;
    currency: Currency;
    payWhatYouWant: boolean;
    suggestedPriceCents: number | null;
    versions: ProductDetails['versions'];
    hasMembershipPlan: boolean;
  }) => ReactNode;
}) {
  const { t } = useTranslation('products');
  const categoryLabel = useCategoryLabel();
  const tagLabel = useTagLabel();
  const { productId = '' } = useParams();
  useLiveStore();
  useDiscountCodeFromUrl();
  const { data: product, isPending, isError, error, refetch, isFetching } = useProduct(productId);
  // The code's quote follows the version and amount the buyer chose (Add to Cart keeps them).
  const versionChoices = useVersionChoices();
  const priceChoices = usePriceChoices();
  const version = product ? chosenVersion(product, versionChoices) : undefined;
  const named = product?.payWhatYouWant ? priceChoices[product.id] : undefined;
  const discount = useDiscountPrices(product ? [product.id] : [], {
    versions: product && version ? [{ productId: product.id, versionId: version.id }] : [],
    prices: product && named !== undefined ? [{ productId: product.id, amountCents: named }] : [],
  });
  useCanonicalAddress(productId, product);
  useCountView(product?.id);
  useScrollToReviews(Boolean(product));
  usePageTitle(product ? product.name : isError ? t('product.notFoundTitle') : t('product.title'));

  if (isPending) return <LoadingState label={t('product.loading')} className="min-h-[50vh]" />;
  if (isError) {
    if (isApiError(error, 404) || error.message === PRODUCT_MESSAGES.notFound) {
      return (
        <StoreNotice title={t('product.notFound')}>
          <p>{t('product.notFoundBody')}</p>
        </StoreNotice>
      );
    }
    return (
      <StoreNotice
        title={t('product.loadFailedTitle')}
        action={
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
            {t('common:tryAgain')}
          </Button>
        }
      >
        <p>{t('product.loadFailed', { message: error.message })}</p>
      </StoreNotice>
    );
  }

  const { creator } = product;
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-10 px-4 py-8 sm:px-6 sm:py-12">
      <Link to="/store" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" /> {t('notice.back')}
      </Link>

      <article className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:gap-12">
        <ProductGallery
          key={product.id}
          name={product.name}
          slides={[
            { url: product.coverUrl ?? fallbackCover(product.category), thumbUrl: product.cardUrl ?? product.coverUrl ?? fallbackCover(product.category), width: null, height: null },
            ...product.images.map((image) => ({ url: image.url, thumbUrl: image.thumbUrl, width: image.width, height: image.height })),
          ]}
        />

        <div className="grid content-start gap-5">
          <p className="w-fit rounded-full border border-violet-400/40 bg-violet-500/15 px-3 py-1 text-xs font-medium text-violet-100">
            <span className="sr-only">{t('product.categoryLabel')} </span>
            {categoryLabel(product.category)}
          </p>
          <div className="grid gap-2">
            <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{product.name}</h1>
            <p className="wrap-anywhere text-muted-foreground">
              {t('product.byPrefix')}{' '}
              <Link to={storefrontPath(creator)} className="font-medium text-brand-soft underline-offset-4 hover:underline">
                {creator.name}
              </Link>
            </p>
          </div>
          <p className="text-3xl font-bold tabular-nums" data-testid="product-price">
            <span className="sr-only">{t('product.priceLabel')} </span>
            {product.versions.length ? (
              // With versions, the price is the lowest version's; the buyer picks one below.
              t('product.fromPrice', { price: formatMoney(product.priceCents, product.currency) })
            ) : product.payWhatYouWant ? (
              t('product.payWhatYouWantPrice', { minimum: formatMoney(product.priceCents, product.currency) })
            ) : (
              <DiscountedPrice priceCents={product.priceCents} discountCents={discount.discountOf(product.id)} currency={product.currency} />
            )}
          </p>
          {discount.discountOf(product.id) ? <p className="-mt-3 text-sm text-emerald-400">{t('product.withCode', { code: discount.code })}</p> : null}
          {product.tags.length > 0 ? (
            <ul aria-label={t('product.tags')} className="flex flex-wrap gap-2">
              {product.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={`/store?tags=${encodeURIComponent(tag)}`}
                    className="inline-block rounded-full bg-accent px-3 py-1 text-xs text-accent-foreground hover:bg-violet-500/30"
                  >
                    {tagLabel(tag)}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
            {cartAction?.({
              id: product.id,
              name: product.name,
              owned: product.owned,
              priceCents: product.priceCents,
              currency: product.currency,
              payWhatYouWant: product.payWhatYouWant,
              suggestedPriceCents: product.suggestedPriceCents,
              versions: product.versions,
              hasMembershipPlan: product.hasMembershipPlan,
            })}
            {product.isOwner ? null : <ContactCreatorDialog productId={product.id} creatorName={product.creator.name} />}
            {/* A buyer also writes to the creator in Messages (the conversations feature's page). */}
            {product.owned && !product.isOwner ? (
              <Button asChild variant="outline" size="lg">
                <Link to={`/dashboard/messages?to=${encodeURIComponent(product.creator.id)}`}>
                  <MessageSquare aria-hidden="true" /> {t('contact.messageButton')}
                </Link>
              </Button>
            ) : null}
          </div>
          {/* The server sends the view count only to the creator and admins. */}
          {product.views !== null || product.isOwner ? (
            <div className="flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
              {product.views !== null ? (
                <span className="inline-flex items-center gap-1.5" data-testid="product-views">
                  <Eye aria-hidden="true" className="size-4" /> {t('product.views', { count: product.views, formatted: formatCount(product.views) })}
                </span>
              ) : null}
              {product.isOwner ? (
                <Button asChild variant="secondary" size="sm">
                  <Link to={`/dashboard/products/${product.id}/edit`}>
                    <Pencil aria-hidden="true" /> {t('product.edit')}
                  </Link>
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      </article>

      {/* One column of the page's width on a phone (grid-cols-1): a long name wraps instead of widening it. */}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:gap-12">
        <div className="grid content-start gap-8">
          <section aria-labelledby="product-description" className="grid gap-3">
            <h2 id="product-description" className="text-xl font-semibold">
              {t('product.description')}
            </h2>
            {product.description ? (
              <Suspense fallback={<p className="leading-relaxed whitespace-pre-line wrap-anywhere text-muted-foreground">{product.description}</p>}>
                <MarkdownText text={product.description} newTabLabel={t('product.opensInNewTab')} className="text-muted-foreground" />
              </Suspense>
            ) : (
              <p className="leading-relaxed text-muted-foreground">{t('product.noDescription')}</p>
            )}
          </section>
          <section id="reviews" aria-labelledby="product-reviews" className="grid scroll-mt-24 gap-3">
            <h2 id="product-reviews" className="text-xl font-semibold">
              {t('reviews.title')}
            </h2>
            <ProductReviews productId={product.id} creatorName={product.creator.name} />
          </section>
        </div>

        <section aria-labelledby="about-creator" className="grid content-start gap-4 rounded-2xl border border-border bg-card p-6">
          <h2 id="about-creator" className="text-xl font-semibold">
            {t('product.aboutCreator')}
          </h2>
          <div className="flex items-center gap-4">
            <CreatorAvatar name={creator.name} src={creator.avatarUrl} className="size-14 text-lg" />
            <div className="min-w-0">
              <p className="font-semibold wrap-anywhere">{creator.name}</p>
              <Link to={storefrontPath(creator)} className="text-sm text-brand-soft underline-offset-4 hover:underline">
                {t('product.visitStorefront')}
              </Link>
            </div>
          </div>
          {creator.bio ? <p className="text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-muted-foreground">{creator.bio}</p> : null}
          <CreatorSocialLinks links={creator.socialLinks} name={creator.name} />
        </section>
      </div>
      {product.isOwner ? null : affiliateBox?.({ id: product.id })}
      {product.isOwner ? null : updatesBox?.({ id: creator.id, name: creator.name })}
    </div>
  );
}
