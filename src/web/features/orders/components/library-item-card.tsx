import { productPath } from '#shared/products.ts';
import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isPartlyRefunded } from '#shared/sales.ts';
import { formatDate, formatMoney } from '#web/lib/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import type { LibraryItem } from '../api/get-library.ts';
import { fallbackCover } from '#web/lib/product-cover.ts';
import { PurchaseDownloadButton } from './purchase-links.tsx';

/** One purchase: its cover, Download while it is not wholly refunded (what a partial refund gave back is said), a way to review it, and `extra` (its license key). */
export function LibraryItemCard({ item, extra }: { item: LibraryItem; extra?: ReactNode }) {
  const { t } = useTranslation('orders');
  const date = formatDate(item.createdAt);
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="library-item">
      <img src={item.cardUrl ?? fallbackCover(item.category ?? 'ZIP')} alt="" width={480} height={300} className="aspect-[16/10] w-full object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 title={item.productName} className="line-clamp-2 font-semibold break-words">
          {item.productId ? (
            <Link to={productPath({ id: item.productId, slug: item.productSlug })} className="hover:underline">
              {item.productName}
            </Link>
          ) : (
            item.productName
          )}
        </h2>
        {item.versionName ? (
          <p className="text-sm font-medium break-words text-brand-soft" data-testid="library-version">
            {t('library.version', { name: item.versionName })}
          </p>
        ) : null}
        {item.creatorName ? <p className="truncate text-sm text-muted-foreground">{t('cart.by', { name: item.creatorName })}</p> : null}
        <p className="text-sm text-muted-foreground">{t('library.bought', { date, amount: formatMoney(item.amountCents, item.currency) })}</p>
        {item.status === 'refunded' ? (
          <p className="w-fit rounded-full bg-red-500/15 px-2.5 py-0.5 text-xs font-medium text-red-200">{t('status.refunded')}</p>
        ) : null}
        {isPartlyRefunded(item) ? (
          <p className="text-sm text-muted-foreground">{t('library.partlyRefunded', { amount: formatMoney(item.refundedCents, item.currency) })}</p>
        ) : null}
        {extra}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {item.downloadUrl ? (
            <PurchaseDownloadButton url={item.downloadUrl} fileName={item.fileName} productName={item.productName} />
          ) : item.status === 'completed' ? (
            <p className="text-sm text-muted-foreground">{t('library.unavailable')}</p>
          ) : null}
          {item.productId && item.status === 'completed' && !item.reviewed ? (
            <Button asChild size="sm" variant="outline">
              <Link to={`${productPath({ id: item.productId, slug: item.productSlug })}#reviews`}>
                <Star aria-hidden="true" /> {t('library.review')}
                <span className="sr-only"> {item.productName}</span>
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
