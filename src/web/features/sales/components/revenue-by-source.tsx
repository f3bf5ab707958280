import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableScroll } from '#web/components/table-scroll.tsx';
import { formatCount, formatMoney } from '#web/lib/format.ts';
import type { CreatorOverview } from '../api/get-overview.ts';

type Currency = CreatorOverview['currency'];
interface SourceRow {
  key: string;
  source: ReactNode;
  sales: number;
  revenueCents: number;
}

/** One table of sources: what each brought in sales kept and revenue. */
function SourceTable({ title, sourceLabel, rows, currency }: { title: string; sourceLabel: string; rows: SourceRow[]; currency: Currency }) {
  const { t } = useTranslation('sales');
  return (
    <TableScroll label={title}>
      <table className="w-full text-sm">
        <caption className="mb-2 text-left font-medium">{title}</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">{sourceLabel}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t('sources.sales')}</th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">{t('sources.revenue')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.key}>
              <td className="max-w-56 truncate py-2 pr-3">{row.source}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(row.sales)}</td>
              <td className="py-2 pl-3 text-right tabular-nums">{formatMoney(row.revenueCents, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Sales and revenue (less refunds) through the creator's short links: the top links, and by their UTM source. */
export function RevenueBySource({ sources, currency }: { sources: CreatorOverview['sources']; currency: Currency }) {
  const { t } = useTranslation('sales');
  if (sources.links.length === 0) return <p className="text-sm text-muted-foreground">{t('sources.empty')}</p>;
  const links = sources.links.map((link) => ({
    ...link,
    key: String(link.id),
    source: (
      <Link to={`/zerrilink-dashboard/links/${encodeURIComponent(link.code)}${link.domain ? `?domain=${encodeURIComponent(link.domain)}` : ''}`} className="font-mono text-brand-soft underline underline-offset-4">
        {link.domain ? `${link.domain}/${link.code}` : link.code}
      </Link>
    ),
  }));
  const utmSources = sources.utmSources.map((row) => ({ ...row, key: row.source, source: row.source || t('sources.noUtm') }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SourceTable title={t('sources.byLink')} sourceLabel={t('sources.link')} rows={links} currency={currency} />
      <SourceTable title={t('sources.byUtm')} sourceLabel={t('sources.utmSource')} rows={utmSources} currency={currency} />
    </div>
  );
}
