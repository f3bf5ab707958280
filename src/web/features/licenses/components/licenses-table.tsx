import { useTranslation } from 'react-i18next';
import { TableScroll } from '#web/components/table-scroll.tsx';
import { formatDate } from '#web/lib/format.ts';
import type { CreatorLicense } from '../api/get-my-licenses.ts';
import { LicenseActions } from './license-actions.tsx';
import { LicenseKeyCopy } from './license-key-copy.tsx';
import { LicenseStatusBadge } from './license-status-badge.tsx';

/** The creator's keys: key, product, buyer, uses, status, and the actions of each. */
export function LicensesTable({ items }: { items: CreatorLicense[] }) {
  const { t } = useTranslation('licenses');
  return (
    <TableScroll label={t('list.caption')} className="rounded-xl border border-border">
      <table className="w-full min-w-[60rem] text-sm">
        <caption className="sr-only">{t('list.caption')}</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">{t('list.key')}</th>
            <th scope="col" className="px-4 py-3 font-medium">{t('list.product')}</th>
            <th scope="col" className="px-4 py-3 font-medium">{t('list.buyer')}</th>
            <th scope="col" className="px-4 py-3 text-right font-medium">{t('list.uses')}</th>
            <th scope="col" className="px-4 py-3 font-medium">{t('list.status')}</th>
            <th scope="col" className="px-4 py-3 font-medium"><span className="sr-only">{t('list.actions')}</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {items.map((license) => (
            <tr key={license.id} data-testid="license-row">
              <td className="min-w-76 px-4 py-3">
                <LicenseKeyCopy licenseKey={license.key} label={t('list.copy', { product: license.productName, email: license.buyerEmail })} />
              </td>
              <td className="min-w-44 max-w-64 px-4 py-3 break-words">
                <span className="font-medium">{license.productName}</span>
                <span className="block text-xs text-muted-foreground">{t('list.sold', { date: formatDate(license.createdAt) })}</span>
              </td>
              <td className="max-w-52 truncate px-4 py-3">{license.buyerEmail}</td>
              <td className="px-4 py-3 text-right tabular-nums">{license.uses}</td>
              <td className="px-4 py-3"><LicenseStatusBadge status={license.status} refunded={license.refunded} /></td>
              <td className="px-4 py-3"><LicenseActions license={license} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
