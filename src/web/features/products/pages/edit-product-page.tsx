import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { ReactNode } from 'react';
import { decimalAmount, type Currency } from '#shared/money.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useProduct } from '../api/get-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { ProductForm } from '../components/product-form.tsx';
import { DraftBadge, PublishButton } from '../components/publish-button.tsx';
import { VersionsSection } from '../components/versions-section.tsx';
import { useDashboardBase } from '#web/lib/dashboard-base.ts';

/** /dashboard/products/{id}/edit: the upload form, prefilled; a new file or cover replaces the old one. */
/**
 * `membership` is the memberships feature's card for selling the product as a membership, and
 * `affiliates` the affiliates feature's commission card, both composed in by the router.
 */
export function EditProductPage({
  membership,
  affiliates,
}: {
  membership?: (product: { productId: string; currency: Currency; versions: { id: string; name: string }[]; hasPlan: boolean }) => ReactNode;
  affiliates?: (product: { productId: string }) => ReactNode;
} = {}) {
  const { t } = useTranslation('products');
  usePageTitle(t('edit.title'));
  const { productId = '' } = useParams();
  const base = useDashboardBase();
  const navigate = useNavigate();
  const { data: product, isPending, isError, error, refetch, isFetching } = useProduct(productId);
  const updateProduct = useUpdateProduct();
  const back = `${base}/products`;

  let body;
  if (isPending) {
    body = <LoadingState label={t('edit.loading')} />;
  } else if (isError || !product.isOwner) {
    const notFound = isError && (isApiError(error, 404) || error.message === PRODUCT_MESSAGES.notFound);
    body = (
      <div role="alert" className="grid justify-items-center gap-3 py-10 text-center">
        <p className="font-medium">
          {!isError
            ? t('edit.notOwner')
            : notFound
              ? t('errors.notFound')
              : t('common.errorWithReason', { reason: localizeError(error, 'products') })}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {isError && !notFound ? (
            <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
              {t('common.tryAgain')}
            </Button>
          ) : null}
          <Button asChild>
            <Link to={back}>{t('edit.back')}</Link>
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <ProductForm
        key={product.id}
        mode="edit"
        cancelHref={back}
        currency={product.currency}
        initial={{
          name: product.name,
          slug: product.slug,
          price: decimalAmount(product.priceCents, product.currency),
          description: product.description,
          category: product.category,
          tags: product.tags.join(', '),
          licenseKeys: product.licenseKeys,
          payWhatYouWant: product.payWhatYouWant,
          suggestedPrice: product.suggestedPriceCents === null ? '' : decimalAmount(product.suggestedPriceCents, product.currency),
          gallery: product.images.map((image) => ({ kind: 'saved', id: image.id, url: image.thumbUrl })),
        }}
        currentCoverUrl={product.coverUrl}
        currentFile={{ name: product.fileName, size: product.fileSize }}
        onSubmit={async (values, onProgress) => {
          const updated = await updateProduct.mutateAsync({ id: product.id, values, onProgress });
          showToast({ title: t('edit.doneTitle'), description: t('edit.done', { name: updated.name }), variant: 'success' });
          void navigate(back);
        }}
      />
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div>
        <Link to={back} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft aria-hidden="true" className="size-4" /> {t('mine.title')}
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{t('edit.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('edit.intro')}</p>
        {product?.isOwner ? (
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <DraftBadge product={product} />
            <PublishButton product={product} />
          </div>
        ) : null}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{product?.name ?? t('upload.detailsTitle')}</CardTitle>
          <CardDescription>{t('edit.detailsText')}</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
      {product?.isOwner ? <VersionsSection productId={product.id} payWhatYouWant={product.payWhatYouWant} currency={product.currency} /> : null}
      {product?.isOwner ? membership?.({ productId: product.id, currency: product.currency, versions: product.versions.map((version) => ({ id: version.id, name: version.name })), hasPlan: product.hasMembershipPlan }) : null}
      {product?.isOwner ? affiliates?.({ productId: product.id }) : null}
    </div>
  );
}
