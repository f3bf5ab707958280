import { productPath } from '#shared/products.ts';
import { ExternalLink, Package, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { useMyProducts } from '../api/get-my-products.ts';
import { formatCount, formatMoney } from '#web/lib/format.ts';

/** The my-products tab: my products with their numbers; managing them happens on the products page. */
export function MyProductsList({ base }: { base: string }) {
  const { t } = useTranslation('profiles');
  const { data, isPending, isError, error, refetch, isFetching } = useMyProducts();

  if (isPending) return <LoadingState label={t('products.loading')} />;
  if (isError) {
    return (
      <div role="alert" className="grid gap-3 rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-100">
        <p>{t('products.failed', { message: error.message })}</p>
        <div>
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            {t('actions.tryAgain')}
          </Button>
        </div>
      </div>
    );
  }
  const upload = (
    <Button asChild>
      <Link to={`${base}/products/upload`}>
        <Upload aria-hidden="true" /> {t('overview.uploadProduct')}
      </Link>
    </Button>
  );
  if (data.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
          <Package aria-hidden="true" className="size-6" />
        </span>
        <p className="font-medium">{t('products.empty')}</p>
        {upload}
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="divide-y divide-border rounded-lg border border-border">
        {data.items.map((product) => (
          <li key={product.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p title={product.name} className="line-clamp-2 font-medium break-words">
                {product.name}
              </p>
              <p className="text-xs text-muted-foreground">
                {formatMoney(product.priceCents, product.currency)} · {t('products.viewCount', { count: product.views, formatted: formatCount(product.views) })} ·{' '}
                {t('products.saleCount', { count: product.salesCount, formatted: formatCount(product.salesCount) })}
              </p>
            </div>
            <Button asChild variant="ghost" size="sm">
              <Link to={productPath(product)} target="_blank" rel="noopener">
                <ExternalLink aria-hidden="true" /> {t('products.view')}
                <span className="sr-only">{t('products.viewLabel', { name: product.name })}</span>
              </Link>
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <Link to={`${base}/products`}>{t('products.manage')}</Link>
        </Button>
        {upload}
      </div>
    </div>
  );
}
