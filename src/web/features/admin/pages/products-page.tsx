import { productPath } from '#shared/products.ts';
import { Eye, EyeOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminProduct } from '#shared/admin.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useCategoryLabel } from '#web/lib/use-category-label.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useAdminProducts } from '../api/get-admin-products.ts';
import { useUpdateProduct, type ProductChange } from '../api/update-product.ts';
import { AdminTable } from '#web/components/admin-table.tsx';
import { ConfirmAction } from '../components/confirm-action.tsx';
import { formatCount, formatDate, formatMoney } from '#web/lib/format.ts';
import { Pagination } from '#web/components/pagination.tsx';
import { FilterSelect, ListToolbar } from '../components/list-controls.tsx';
import { useListPaginationTexts } from '../utils/pagination-texts.ts';
import { ListState } from '../components/list-states.tsx';
import { TruncatedText } from '#web/components/truncated-text.tsx';

function ProductRow({ product }: { product: AdminProduct }) {
  const { t } = useTranslation('admin');
  const update = useUpdateProduct();
  const act = async (kind: ProductChange['kind'], done: string) => {
    try {
      await update.mutateAsync({ id: product.id, kind });
      showToast({ title: done, description: product.name, variant: 'success' });
    } catch (error) {
      showToast({ title: t('products.failed'), description: localizeError(error, 'admin', t('products.failed')), variant: 'error' });
      throw error;
    }
  };
  const hidden = Boolean(product.hiddenAt);
  const categoryLabel = useCategoryLabel();

  return (
    <tr className="border-b border-border last:border-0">
      <td className="py-3 pr-4">
        {hidden || product.creator.suspended ? (
          <p className="font-medium break-words">{product.name}</p>
        ) : (
          <Link to={productPath({ id: product.id })} className="font-medium break-words hover:underline">
            {product.name}
          </Link>
        )}
        <p className="text-xs text-muted-foreground">
          {categoryLabel(product.category)} · {t('products.viewCount', { count: product.views, formatted: formatCount(product.views) })} ·{' '}
          {t('products.saleCount', { count: product.salesCount, formatted: formatCount(product.salesCount) })}
        </p>
      </td>
      <td className="py-3 pr-4">
        <p className="text-sm">{product.creator.name}</p>
        <TruncatedText text={product.creator.email} className="text-xs text-muted-foreground" />
      </td>
      <td className="py-3 pr-4 text-sm tabular-nums">{formatMoney(product.priceCents, product.currency)}</td>
      <td className="py-3 pr-4 text-sm whitespace-nowrap">{formatDate(product.createdAt)}</td>
      <td className="py-3 pr-4">
        <span
          className={
            hidden
              ? 'rounded-full border border-amber-500/40 bg-amber-500/10 px-2.5 py-0.5 text-xs font-medium text-amber-200'
              : 'rounded-full border border-emerald-500/40 bg-emerald-500/10 px-2.5 py-0.5 text-xs font-medium text-emerald-200'
          }
        >
          {hidden ? t('products.hidden') : t('products.visible')}
        </span>
        {product.creator.suspended ? <p className="mt-1 text-xs text-red-300">{t('products.creatorSuspended')}</p> : null}
      </td>
      <td className="py-3">
        <div className="flex justify-end gap-2">
          {hidden ? (
            <ConfirmAction
              trigger={
                <>
                  <Eye aria-hidden="true" /> {t('products.show')}
                </>
              }
              triggerLabel={t('products.showLabel', { name: product.name })}
              title={t('products.showTitle', { name: product.name })}
              description={t('products.showDescription')}
              confirmLabel={t('products.show')}
              pendingLabel={t('list.working')}
              onConfirm={() => act('show', t('products.shown'))}
            />
          ) : (
            <ConfirmAction
              trigger={
                <>
                  <EyeOff aria-hidden="true" /> {t('products.hide')}
                </>
              }
              triggerLabel={t('products.hideLabel', { name: product.name })}
              title={t('products.hideTitle', { name: product.name })}
              description={t('products.hideDescription')}
              confirmLabel={t('products.hide')}
              pendingLabel={t('list.working')}
              onConfirm={() => act('hide', t('products.hiddenToast'))}
            />
          )}
          <ConfirmAction
            trigger={
              <>
                <Trash2 aria-hidden="true" /> {t('products.remove')}
              </>
            }
            triggerLabel={t('products.removeLabel', { name: product.name })}
            triggerVariant="ghost"
            title={t('products.removeTitle', { name: product.name })}
            description={t('products.removeDescription')}
            confirmLabel={t('products.remove')}
            pendingLabel={t('list.working')}
            destructive
            onConfirm={() => act('remove', t('products.removed'))}
          />
        </div>
      </td>
    </tr>
  );
}

/** /admin/products: every product; search, hide or show, remove. */
export function ProductsPage() {
  const { t } = useTranslation('admin');
  const paginationTexts = useListPaginationTexts();
  usePageTitle(t('products.title'));
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const { data, isPending, error, refetch } = useAdminProducts({ q, status, page });
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('products.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('products.subtitle')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('products.listTitle')}</CardTitle>
          <CardDescription aria-live="polite">{data ? t('products.count', { count: data.total }) : t('list.loading')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ListToolbar search={search} onSearch={filter(setSearch)} searchLabel={t('products.search')}>
            <FilterSelect
              label={t('products.status')}
              value={status}
              onChange={filter(setStatus)}
              options={[
                { value: '', label: t('list.all') },
                { value: 'visible', label: t('products.visible') },
                { value: 'hidden', label: t('products.hidden') },
              ]}
            />
          </ListToolbar>
          <ListState
            isPending={isPending}
            error={data ? null : error}
            isEmpty={data?.items.length === 0}
            loadingLabel={t('list.loading')}
            emptyLabel={t('products.empty')}
            failedLabel={t('products.loadFailed')}
            onRetry={() => void refetch()}
          />
          {data && data.items.length > 0 ? (
            <AdminTable
              caption={t('products.listTitle')}
              minWidth="min-w-[820px]"
              columns={[
                { label: t('products.product') },
                { label: t('products.creator') },
                { label: t('products.price') },
                { label: t('products.added') },
                { label: t('products.status') },
                { label: t('list.actions'), srOnly: true, align: 'right', fit: true },
              ]}
            >
              {data.items.map((product) => (
                <ProductRow key={product.id} product={product} />
              ))}
            </AdminTable>
          ) : null}
          {data ? <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} texts={paginationTexts} className="justify-between pt-4" /> : null}
        </CardContent>
      </Card>
    </div>
  );
}
