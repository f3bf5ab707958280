import { useTranslation } from 'react-i18next';
import type { CreatorOverview } from '../api/get-overview.ts';
import { TableScroll } from '#web/components/table-scroll.tsx';

/** Views-to-sales per product (the ten most viewed). */
export function ProductPerformance({ products }: { products: CreatorOverview['products'] }) {
  const { t, i18n } = useTranslation('sales');
  if (products.length === 0) return <p className="text-sm text-muted-foreground">{t('performance.empty')}</p>;
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <TableScroll label={t('performance.title')}>
      <table className="w-full text-sm">
        <caption className="sr-only">{t('performance.title')}</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">{t('performance.product')}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t('performance.views')}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t('performance.sales')}</th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">{t('performance.conversion')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {products.map((product) => (
            <tr key={product.id}>
              <td className="max-w-56 truncate py-2 pr-3">{product.name}</td>
              <td className="px-3 py-2 text-right tabular-nums">{number.format(product.views)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{number.format(product.sales)}</td>
              <td className="py-2 pl-3 text-right tabular-nums">{percent.format(product.conversionRate / 100)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
