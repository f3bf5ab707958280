import { useQueryClient } from '@tanstack/react-query';
import { Package, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { useMyProducts } from '../api/get-my-products.ts';
import { MY_PRODUCTS_QUERY_KEY } from '../api/types.ts';
import { ProductsTable } from '../components/products-table.tsx';
import { useDashboardBase } from '#web/lib/dashboard-base.ts';
import { formatCount } from '#web/lib/format.ts';

function TableSkeleton() {
  const { t } = useTranslation('products');
  return (
    <div role="status" aria-label={t('mine.loadingLabel')} className="grid gap-3 px-4 py-2">
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="flex animate-pulse items-center gap-3">
          <div className="h-10 w-16 rounded-md bg-muted" />
          <div className="h-4 flex-1 rounded bg-muted" />
          <div className="hidden h-4 w-16 rounded bg-muted sm:block" />
          <div className="hidden h-4 w-24 rounded bg-muted sm:block" />
          <div className="h-8 w-20 rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}

/** /dashboard/products (SPEC §2): the creator's products with their sales and views. */
export function MyProductsPage() {
  const { t } = useTranslation('products');
  usePageTitle(t('mine.title'));
  const base = useDashboardBase();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const { data, isPending, isError, error, refetch, isFetching } = useMyProducts();

  // Another tab or device changed one of my products: refresh the list.
  useRealtimeEvent('products.changed', ({ data: event }) => {
    if (user && event?.userId === user.id) void queryClient.invalidateQueries({ queryKey: MY_PRODUCTS_QUERY_KEY });
  });

  const storefrontHref = user ? (user.storefrontSlug ? `/store/${user.storefrontSlug}` : `/store/creator/${user.id}`) : '/store';
  const uploadButton = (
    <Button asChild>
      <Link to={`${base}/products/upload`}>
        <Upload aria-hidden="true" /> {t('form.upload')}
      </Link>
    </Button>
  );

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('mine.title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('mine.intro')}</p>
        </div>
        {data && data.items.length > 0 ? uploadButton : null}
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t('mine.products')}</CardTitle>
          <CardDescription aria-live="polite">
            {data
              ? t('mine.count', { count: data.items.length, formatted: formatCount(data.items.length) })
              : isError
                ? t('mine.loadFailedShort')
                : t('mine.loading')}
          </CardDescription>
        </CardHeader>
        <CardContent className="px-0 pb-2 sm:px-2">
          {isPending ? (
            <TableSkeleton />
          ) : isError ? (
            <div role="alert" className="mx-4 mb-4 rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-100">
              <p>{t('mine.loadFailed', { reason: localizeError(error, 'products') })}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()} disabled={isFetching}>
                {t('common.tryAgain')}
              </Button>
            </div>
          ) : data.items.length === 0 ? (
            <div className="flex flex-col items-center gap-3 px-4 py-14 text-center">
              <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
                <Package aria-hidden="true" className="size-6" />
              </span>
              <p className="font-medium">{t('mine.empty')}</p>
              <p className="max-w-sm text-sm text-muted-foreground">{t('mine.emptyText')}</p>
              {uploadButton}
            </div>
          ) : (
            <ProductsTable products={data.items} storefrontHref={storefrontHref} editHref={(id) => `${base}/products/${id}/edit`} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
