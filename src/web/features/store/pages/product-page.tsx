import { ArrowLeft, Eye, MessageSquare, Pencil, ShoppingCart, Star } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { CATEGORY_LABELS, formatPrice, PRODUCT_MESSAGES } from '#shared/products.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { showToast } from '#web/lib/toast.ts';
import { useProduct } from '../api/get-product.ts';
import { useRecordProductView } from '../api/record-product-view.ts';
import { CreatorAvatar } from '../components/creator-avatar.tsx';
import { CreatorSocialLinks } from '../components/creator-social-links.tsx';
import { StoreNotice } from '../components/store-notice.tsx';
import { fallbackCover } from '../utils/cover.ts';
import { useLiveStore } from '../utils/use-live-store.ts';

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

/** /store/product/{id} (SPEC §2): cover, details, demo cart, the creator and reviews. */
export function ProductPage() {
  const { productId = '' } = useParams();
  useLiveStore();
  const { data: product, isPending, isError, error, refetch, isFetching } = useProduct(productId);
  useCountView(product?.id);
  usePageTitle(product ? product.name : isError ? 'Product not found' : 'Product');

  if (isPending) return <LoadingState label="Loading product…" className="min-h-[50vh]" />;
  if (isError) {
    if (isApiError(error, 404) || error.message === PRODUCT_MESSAGES.notFound) {
      return (
        <StoreNotice title={PRODUCT_MESSAGES.notFound}>
          <p>It may have been removed by its creator, or the link may be mistyped.</p>
        </StoreNotice>
      );
    }
    return (
      <StoreNotice
        title="Could not load this product"
        action={
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </Button>
        }
      >
        <p>Error: {error.message}</p>
      </StoreNotice>
    );
  }

  const { creator } = product;
  const views = `${product.views.toLocaleString('en-US')} ${product.views === 1 ? 'view' : 'views'}`;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-8 sm:px-6 sm:py-12">
      <Link to="/store" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Marketplace
      </Link>

      <article className="grid gap-8 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:gap-12">
        <div className="overflow-hidden rounded-2xl border border-border bg-muted shadow-xl shadow-black/30">
          <img
            src={product.coverUrl ?? fallbackCover(product.category)}
            alt={`Cover of ${product.name}`}
            width={1200}
            height={750}
            className="aspect-[16/10] size-full object-cover"
          />
        </div>

        <div className="grid content-start gap-5">
          <p className="w-fit rounded-full border border-violet-400/40 bg-violet-500/15 px-3 py-1 text-xs font-medium text-violet-100">
            <span className="sr-only">Category: </span>
            {CATEGORY_LABELS[product.category] ?? product.category}
          </p>
          <div className="grid gap-2">
            <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{product.name}</h1>
            <p className="text-muted-foreground">
              by{' '}
              <Link to={storefrontPath(creator)} className="font-medium text-brand-soft underline-offset-4 hover:underline">
                {creator.name}
              </Link>
            </p>
          </div>
          <p className="text-3xl font-bold tabular-nums" data-testid="product-price">
            <span className="sr-only">Price: </span>
            {formatPrice(product.priceCents)}
          </p>
          {product.tags.length > 0 ? (
            <ul aria-label="Tags" className="flex flex-wrap gap-2">
              {product.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={`/store?tags=${encodeURIComponent(tag)}`}
                    className="inline-block rounded-full bg-accent px-3 py-1 text-xs text-accent-foreground hover:bg-violet-500/30"
                  >
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              size="lg"
              onClick={() =>
                showToast({ title: PRODUCT_MESSAGES.addedToCart(product.name), description: 'This is a demo. Full checkout not implemented.', variant: 'info' })
              }
            >
              <ShoppingCart aria-hidden="true" /> Add to Cart
            </Button>
            <Button
              size="lg"
              variant="outline"
              onClick={() => showToast({ title: 'Contact Creator', description: PRODUCT_MESSAGES.contactCreator, variant: 'info' })}
            >
              <MessageSquare aria-hidden="true" /> Contact Creator
            </Button>
          </div>
          <div className="flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5" data-testid="product-views">
              <Eye aria-hidden="true" className="size-4" /> {views}
            </span>
            {product.isOwner ? (
              <Button asChild variant="secondary" size="sm">
                <Link to={`/dashboard/products/${product.id}/edit`}>
                  <Pencil aria-hidden="true" /> Edit product
                </Link>
              </Button>
            ) : null}
          </div>
        </div>
      </article>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:gap-12">
        <div className="grid content-start gap-8">
          <section aria-labelledby="product-description" className="grid gap-3">
            <h2 id="product-description" className="text-xl font-semibold">
              Description
            </h2>
            <p className="leading-relaxed whitespace-pre-line text-muted-foreground">
              {product.description || 'The creator has not written a description yet.'}
            </p>
          </section>
          <section aria-labelledby="product-reviews" className="grid gap-3">
            <h2 id="product-reviews" className="text-xl font-semibold">
              Reviews
            </h2>
            <div className="flex items-center gap-3 rounded-xl border border-dashed border-border bg-card/50 p-5 text-sm text-muted-foreground">
              <Star aria-hidden="true" className="size-5 shrink-0 text-brand-soft" />
              <p>No reviews yet. Reviews from buyers will appear here once checkout is available.</p>
            </div>
          </section>
        </div>

        <section aria-labelledby="about-creator" className="grid content-start gap-4 rounded-2xl border border-border bg-card p-6">
          <h2 id="about-creator" className="text-xl font-semibold">
            About the Creator
          </h2>
          <div className="flex items-center gap-4">
            <CreatorAvatar name={creator.name} src={creator.avatarUrl} className="size-14 text-lg" />
            <div className="min-w-0">
              <p className="truncate font-semibold">{creator.name}</p>
              <Link to={storefrontPath(creator)} className="text-sm text-brand-soft underline-offset-4 hover:underline">
                Visit storefront
              </Link>
            </div>
          </div>
          {creator.bio ? <p className="text-sm leading-relaxed whitespace-pre-line text-muted-foreground">{creator.bio}</p> : null}
          <CreatorSocialLinks links={creator.socialLinks} name={creator.name} />
        </section>
      </div>
    </div>
  );
}
