import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableScroll } from '#web/components/table-scroll.tsx';
import { formatCount, formatMoney } from '#web/lib/format.ts';
import type { CreatorOverview } from '../api/get-overview.ts';

const cell = 'px-3 py-2 text-right tabular-nums';

/** Sales and revenue (less refunds) through the creator's short links: the top links, and by their UTM source. */
export function RevenueBySource({ sources, currency }: { sources: CreatorOverview['sources']; currency: CreatorOverview['currency'] }) {
  const { t } = useTranslation('sales');
  if (sources.links.length === 0) return <p className="text-sm text-muted-foreground">{t('sources.empty')}</p>;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TableScroll label={t('sources.byLink')}>
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-medium">{t('sources.byLink')}</caption>
          <thead className="text-left text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">{t('sources.link')}</th>
              <th scope="col" className={`${cell} font-medium`}>{t('sources.sales')}</th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">{t('sources.revenue')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {sources.links.map((link) => (
              <tr key={link.id}>
                <td className="max-w-56 truncate py-2 pr-3">
                  <Link to={`/zerrilink-dashboard/links/${encodeURIComponent(link.code)}`} className="font-mono text-brand-soft underline underline-offset-4">
                    {link.code}
                  </Link>
                </td>
                <td className={cell}>{formatCount(link.sales)}</td>
                <td className="py-2 pl-3 text-right tabular-nums">{formatMoney(link.revenueCents, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <TableScroll label={t('sources.byUtm')}>
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-medium">{t('sources.byUtm')}</caption>
          <thead className="text-left text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">{t('sources.utmSource')}</th>
              <th scope="col" className={`${cell} font-medium`}>{t('sources.sales')}</th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">{t('sources.revenue')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {sources.utmSources.map((row) => (
              <tr key={row.source}>
                <td className="max-w-56 truncate py-2 pr-3">{row.source || t('sources.noUtm')}</td>
                <td className={cell}>{formatCount(row.sales)}</td>
                <td className="py-2 pl-3 text-right tabular-nums">{formatMoney(row.revenueCents, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
