import { productPath } from '#shared/products.ts';
import { Download, Library } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { formatDate, formatMoney } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useLibrary } from '../api/get-library.ts';

const SHOWN = 4;

/** A home's card of the latest purchases from the library (GET /api/library), with downloads and the way to all of them. */
export function RecentPurchases() {
  const { t } = useTranslation('orders');
  const library = useLibrary(true);
  const items = library.data?.items.slice(0, SHOWN) ?? [];

  return (
    <Card className="grid min-w-0 grid-cols-1 content-start gap-4 p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('home.recentPurchases')}</h2>
        {items.length > 0 ? (
          <Link to="/library" className="text-sm font-medium text-brand-soft hover:underline">
            {t('home.openLibrary')}
          </Link>
        ) : null}
      </div>
      {library.isPending ? (
        <LoadingState label={t('library.loading')} />
      ) : library.isError ? (
        <Notice variant="error">{t('library.loadFailed', { message: localizeError(library.error, 'orders') })}</Notice>
      ) : items.length === 0 ? (
        <div className="grid justify-items-start gap-3">
          <p className="text-muted-foreground">{t('home.noPurchases')}</p>
          <Button asChild variant="outline">
            <Link to="/store">{t('cart.browse')}</Link>
          </Button>
        </div>
      ) : (
        <ul aria-label={t('library.listLabel')} className="grid grid-cols-1 gap-3">
          {items.map((item) => (
            <li key={item.saleId} className="flex items-center gap-3 rounded-lg border border-border p-3" data-testid="recent-purchase">
              <Library aria-hidden="true" className="size-5 shrink-0 text-brand-soft" />
              <div className="min-w-0 flex-1">
                <p title={item.productName} className="line-clamp-2 font-medium break-words">
                  {item.productId ? (
                    <Link to={productPath({ id: item.productId, slug: item.productSlug })} className="hover:underline">
                      {item.productName}
                    </Link>
                  ) : (
                    item.productName
                  )}
                </p>
                <p className="truncate text-sm text-muted-foreground">
                  {t('library.bought', { date: formatDate(item.createdAt), amount: formatMoney(item.amountCents, item.currency) })}
                </p>
              </div>
              {item.downloadUrl ? (
                <Button asChild size="icon" variant="ghost" className="shrink-0">
                  <a href={item.downloadUrl} download={item.fileName ?? true} aria-label={`${t('library.download')} ${item.productName}`}>
                    <Download aria-hidden="true" />
                  </a>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
