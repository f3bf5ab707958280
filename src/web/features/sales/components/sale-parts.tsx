import { useTranslation } from 'react-i18next';
import { saleListStatus } from '#shared/sales-filters.ts';
import type { SaleSource } from '#shared/sales-api.ts';
import { cn } from '#web/lib/utils.ts';
import type { CreatorSale } from '../api/types.ts';

// Pale text on a faint tint: the light theme swaps these colours' ends (styles.css), so both read.
const STATUS_CLASS = {
  completed: 'bg-emerald-500/15 text-emerald-200',
  partially_refunded: 'bg-amber-500/15 text-amber-200',
  refunded: 'bg-red-500/15 text-red-200',
} as const;

/** Completed, partially refunded or refunded (src/shared/sales-filters.ts saleListStatus), readable in both themes. */
export function SaleStatusBadge({ sale }: { sale: Pick<CreatorSale, 'status' | 'refundedCents'> }) {
  const { t } = useTranslation('sales');
  const status = saleListStatus(sale);
  return <span className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_CLASS[status])}>{t(`page.statuses.${status}`)}</span>;
}

/** Where a sale came from in words: its short link and UTM source, your page, or direct; its affiliate; the site the buyer came from. */
export function SaleSourceText({ source }: { source: SaleSource }) {
  const { t } = useTranslation('sales');
  const utm = source.link?.utmSource ? ` · ${t('page.sources.utmSource', { source: source.link.utmSource })}` : '';
  const where =
    source.kind === 'link'
      ? source.link
        ? `${source.link.shortUrl.replace(/^https?:\/\//, '')}${utm}`
        : t('page.sources.deletedLink')
      : source.kind === 'page'
        ? t('page.sources.page')
        : t('page.sources.direct');
  return (
    <>
      <span>{where}</span>
      {source.affiliate ? <span className="block text-muted-foreground">{t('page.sources.affiliate', { name: source.affiliate.name ?? source.affiliate.email })}</span> : null}
      {source.referrerDomain ? <span className="block break-words text-muted-foreground">{t('page.sources.referrer', { domain: source.referrerDomain })}</span> : null}
    </>
  );
}
