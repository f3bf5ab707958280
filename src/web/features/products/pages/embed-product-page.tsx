import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import type { ProductDetails } from '#shared/products-api.ts';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Notice } from '#web/components/notice.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useProduct } from '../api/get-store-product.ts';

/**
 * /embed/product/{id}: the product's Buy now screen alone, framed on a creator's own site (decision 032).
 * `buyNow` is the orders feature's screen, composed in by the router.
 */
export function EmbedProductPage({
  buyNow,
}: {
  buyNow: (product: ProductDetails) => ReactNode;
}) {
  const { t } = useTranslation('products');
  const { productId = '' } = useParams();
  const { data: product, isPending, isError, error, refetch, isFetching } = useProduct(productId);
  usePageTitle(product ? product.name : isError ? t('product.notFoundTitle') : t('product.title'));
  if (isPending) return <LoadingState label={t('product.loading')} className="min-h-64" />;
  if (isError) {
    const notFound = isApiError(error, 404) || error.message === PRODUCT_MESSAGES.notFound;
    return (
      <div className="grid gap-4 p-6 pr-14">
        {notFound ? (
          <Notice variant="error" title={t('product.notFound')}>
            {t('product.notFoundBody')}
          </Notice>
        ) : (
          <LoadFailedNotice title={t('product.loadFailedTitle')} error={error} namespace="products" onRetry={() => void refetch()} retrying={isFetching} />
        )}
      </div>
    );
  }
  return buyNow(product);
}
