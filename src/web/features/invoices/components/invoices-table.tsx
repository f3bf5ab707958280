import { useTranslation } from 'react-i18next';
import type { Invoice } from '../api/types.ts';
import { formatDate, formatMoney } from '#web/lib/format.ts';
import { InvoiceActions } from './invoice-actions.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { TableScroll } from '#web/components/table-scroll.tsx';

/** The creator's invoices and payment requests with their status and actions. */
export function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  const { t } = useTranslation('invoices');
  return (
    <TableScroll label={t('invoices.listTitle')}>
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">{t('invoices.listTitle')}</caption>
        <thead className="border-b border-border text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">{t('invoices.client')}</th>
            <th scope="col" className="px-4 py-3 text-right font-medium">{t('invoices.amount')}</th>
            <th scope="col" className="px-4 py-3 font-medium">{t('invoices.status')}</th>
            <th scope="col" className="px-4 py-3 font-medium">{t('invoices.due')}</th>
            <th scope="col" className="px-4 py-3 text-right font-medium">{t('invoices.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id} className="border-b border-border/60 last:border-0">
              <td className="px-4 py-3 align-top">
                <p className="font-medium break-words">
                  {invoice.kind === 'payment_request' ? t('invoices.paymentRequest') : invoice.clientName}
                </p>
                <p className="text-xs break-words text-muted-foreground">
                  {invoice.kind === 'payment_request' ? invoice.description : invoice.clientEmail}
                </p>
                <p className="mt-1 font-mono text-xs text-muted-foreground">{invoice.id}</p>
              </td>
              <td className="px-4 py-3 text-right align-top font-semibold tabular-nums">{formatMoney(invoice.totalCents, invoice.currency)}</td>
              <td className="px-4 py-3 align-top">
                <InvoiceStatusBadge status={invoice.status} />
              </td>
              <td className="px-4 py-3 align-top whitespace-nowrap">
                <time dateTime={invoice.dueAt}>{formatDate(invoice.dueAt)}</time>
              </td>
              <td className="px-4 py-2 align-top">
                <InvoiceActions invoice={invoice} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
