import { productPath } from '#shared/products.ts';
import { ExternalLink, Eye, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import type { OwnProduct } from '../api/types.ts';
import { useCategoryLabel } from '#web/lib/use-category-label.ts';
import { formatCount, formatMoney } from '#web/lib/format.ts';
import { fallbackCover } from '#web/lib/product-cover.ts';
import { DeleteProductDialog } from './delete-product-dialog.tsx';
import { DraftBadge, PublishButton } from './publish-button.tsx';
import { ShareProductDialog } from './share-product-dialog.tsx';

interface ProductsTableProps {
  products: OwnProduct[];
  /** Where "View on Storefront" opens (the creator's public storefront). */
  storefrontHref: string;
  editHref: (id: string) => string;
}

function Thumbnail({ product }: { product: OwnProduct }) {
  return (
    <img
      src={product.cardUrl ?? fallbackCover(product.category)}
      alt=""
      width={64}
      height={40}
      loading="lazy"
      className="h-10 w-16 shrink-0 rounded-md border border-border object-cover"
    />
  );
}

/** Tells the creator that an admin took the product off the marketplace. */
function HiddenBadge({ product }: { product: OwnProduct }) {
  const { t } = useTranslation('products');
  if (!product.hidden) return null;
  return (
    <span className="w-fit rounded-full border border-amber-500/40 bg-amber-500/10 px-2 py-0.5 text-xs font-normal text-amber-300" title={t('table.hiddenHint')}>
      {t('table.hidden')}
    </span>
  );
}

function Actions({ product, storefrontHref, editHref, compact = false }: { product: OwnProduct; compact?: boolean } & Omit<ProductsTableProps, 'products'>) {
  const { t } = useTranslation('products');
  // In the table the labels show from 2xl up; below that the icons carry a tooltip and the same accessible name.
  const text = compact ? 'sr-only 2xl:not-sr-only' : undefined;
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to={productPath(product)} title={compact ? t('table.viewDetails') : undefined}>
          <Eye aria-hidden="true" /> <span className={text}>{t('table.viewDetails')}</span>
        </Link>
      </Button>
      <Button asChild variant="ghost" size="sm">
        <Link to={editHref(product.id)} title={compact ? t('table.edit') : undefined}>
          <Pencil aria-hidden="true" /> <span className={text}>{t('table.edit')}</span>
        </Link>
      </Button>
      <Button asChild variant="ghost" size="sm">
        <a href={storefrontHref} target="_blank" rel="noopener noreferrer" title={compact ? `${t('table.viewOnStorefront')} ${t('table.newTab')}` : undefined}>
          <ExternalLink aria-hidden="true" /> <span className={text}>{t('table.viewOnStorefront')}</span>
          <span className="sr-only"> {t('table.newTab')}</span>
        </a>
      </Button>
      <ShareProductDialog product={product} compact={compact} />
      <PublishButton product={product} compact={compact} />
      <DeleteProductDialog id={product.id} name={product.name} compact={compact} />
    </>
  );
}

/** The creator's products: a table from md up, cards on small screens. */
export function ProductsTable({ products, storefrontHref, editHref }: ProductsTableProps) {
  const { t } = useTranslation('products');
  const categoryLabel = useCategoryLabel();
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('table.caption')}</caption>
          <thead className="border-b border-border text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('table.name')}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {t('table.price')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('table.category')}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {t('table.sales')}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {t('table.views')}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {t('table.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {products.map((product) => (
              <tr key={product.id} data-testid={`product-row-${product.id}`} className="align-middle hover:bg-muted/30">
                <th scope="row" className="px-4 py-3 font-medium">
                  <div className="flex min-w-0 items-center gap-3">
                    <Thumbnail product={product} />
                    <span className="grid gap-1">
                      <span title={product.name} className="line-clamp-2 max-w-64 break-words">
                        {product.name}
                      </span>
                      <span className="flex flex-wrap gap-1">
                        <DraftBadge product={product} />
                        <HiddenBadge product={product} />
                      </span>
                    </span>
                  </div>
                </th>
                <td className="px-4 py-3 text-right tabular-nums">{formatMoney(product.priceCents, product.currency)}</td>
                <td className="px-4 py-3 whitespace-nowrap">{categoryLabel(product.category)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatCount(product.salesCount)}</td>
                <td className="px-4 py-3 text-right tabular-nums" data-testid="product-views">
                  {formatCount(product.views)}
                </td>
                <td className="px-4 py-2">
                  <div className="flex justify-end gap-1">
                    <Actions product={product} storefrontHref={storefrontHref} editHref={editHref} compact />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label={t('table.caption')} className="divide-y divide-border md:hidden">
        {products.map((product) => (
          <li key={product.id} data-testid={`product-card-${product.id}`} className="grid gap-3 px-4 py-4">
            <div className="flex items-start gap-3">
              <Thumbnail product={product} />
              <div className="min-w-0">
                <p className="font-medium break-words">{product.name}</p>
                <span className="flex flex-wrap gap-1">
                  <DraftBadge product={product} />
                  <HiddenBadge product={product} />
                </span>
                <p className="text-sm text-muted-foreground">{categoryLabel(product.category)}</p>
              </div>
            </div>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">{t('table.price')}</dt>
                <dd className="font-medium tabular-nums">{formatMoney(product.priceCents, product.currency)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('table.sales')}</dt>
                <dd className="font-medium tabular-nums">{formatCount(product.salesCount)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('table.views')}</dt>
                <dd className="font-medium tabular-nums">{formatCount(product.views)}</dd>
              </div>
            </dl>
            <div className="-ml-2 flex flex-wrap gap-1">
              <Actions product={product} storefrontHref={storefrontHref} editHref={editHref} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
