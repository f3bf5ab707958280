import { useTranslation } from 'react-i18next';
import { storedLineTotalCents } from '#shared/invoices.ts';
import { cn } from '#web/lib/utils.ts';
import type { PayableInvoice } from '../api/pay-types.ts';
import { formatDate, formatMoney } from '#web/lib/format.ts';
import { TableScroll } from '#web/components/table-scroll.tsx';

const STATUS_STYLES: Record<string, string> = {
  paid: 'border-emerald-500/40 bg-emerald-500/15 text-emerald-300',
  pending: 'border-amber-500/40 bg-amber-500/15 text-amber-200',
};

const quantity = (value: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);

/**
 * The invoice as a hosted invoice shows it: number, dates and status, who it is from (with a
 * contact e-mail) and billed to, the description, the lines with their amounts, subtotal and total.
 */
export function InvoiceSummary({ invoice }: { invoice: PayableInvoice }) {
  const { t, i18n } = useTranslation('invoices');
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className="text-muted-foreground">{t('pay.number')}</dt>
        <dd className="font-medium break-all">{invoice.id}</dd>
        <dt className="text-muted-foreground">{t('pay.issueDate')}</dt>
        <dd className="font-medium">
          <time dateTime={invoice.createdAt}>{formatDate(invoice.createdAt)}</time>
        </dd>
        <dt className="text-muted-foreground">{t('pay.dueDate')}</dt>
        <dd className="font-medium">
          <time dateTime={invoice.dueAt}>{formatDate(invoice.dueAt)}</time>
        </dd>
        <dt className="text-muted-foreground">{t('pay.status')}</dt>
        <dd>
          <span
            className={cn(
              'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
              STATUS_STYLES[invoice.status] ?? 'border-red-500/40 bg-red-500/15 text-red-300',
            )}
          >
            {t(`status.${invoice.status}`)}
          </span>
        </dd>
      </dl>

      <div className="grid gap-4 text-sm sm:grid-cols-2">
        <section aria-labelledby="invoice-from">
          <h2 id="invoice-from" className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {t('pay.fromHeading')}
          </h2>
          <p className="mt-1 font-medium break-words">{invoice.creatorName}</p>
          {invoice.creatorEmail ? (
            <a href={`mailto:${invoice.creatorEmail}`} className="break-all text-brand-soft underline underline-offset-2 hover:text-violet-200">
              {invoice.creatorEmail}
            </a>
          ) : null}
        </section>
        {invoice.clientName ? (
          <section aria-labelledby="invoice-bill-to">
            <h2 id="invoice-bill-to" className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {t('pay.billedTo')}
            </h2>
            <p className="mt-1 font-medium break-words">{invoice.clientName}</p>
          </section>
        ) : null}
      </div>

      {invoice.description && invoice.kind === 'invoice' ? <p className="text-sm whitespace-pre-line text-muted-foreground">{invoice.description}</p> : null}

      {/* On a phone the quantity and unit price go under the item's name (two columns fit); a very long
          word scrolls in the table's own box, never the page. */}
      <TableScroll label={t('pay.itemsCaption')}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('pay.itemsCaption')}</caption>
          <thead className="border-b border-border text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="py-2 pr-2 font-medium sm:pr-3">{t('pay.item')}</th>
              <th scope="col" className="hidden px-2 py-2 text-right font-medium sm:table-cell sm:px-3">{t('pay.quantity')}</th>
              <th scope="col" className="hidden px-2 py-2 text-right font-medium sm:table-cell sm:px-3">{t('pay.unitPrice')}</th>
              <th scope="col" className="py-2 pl-2 text-right font-medium sm:pl-3">{t('pay.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {invoice.items.map((item, index) => (
              <tr key={index} className="border-b border-border/60">
                <td className="py-2 pr-2 break-words sm:pr-3">
                  {item.name}
                  <span className="block text-xs text-muted-foreground tabular-nums sm:hidden">
                    {quantity(item.quantity, i18n.language)} × {formatMoney(item.unitPriceCents, invoice.currency)}
                  </span>
                </td>
                <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell sm:px-3">{quantity(item.quantity, i18n.language)}</td>
                <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell sm:px-3">{formatMoney(item.unitPriceCents, invoice.currency)}</td>
                <td className="py-2 pl-2 text-right tabular-nums sm:pl-3">{formatMoney(storedLineTotalCents(item), invoice.currency)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              {/* One label cell per layout: spanning the three columns, or the one a phone shows. */}
              <th scope="row" colSpan={3} className="hidden pt-4 pr-3 text-right font-medium text-muted-foreground sm:table-cell">
                {t('pay.subtotal')}
              </th>
              <th scope="row" className="pt-4 pr-3 text-right font-medium text-muted-foreground sm:hidden">
                {t('pay.subtotal')}
              </th>
              <td className="pt-4 pl-3 text-right tabular-nums">{formatMoney(invoice.totalCents, invoice.currency)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="hidden pt-2 pr-3 text-right text-base font-semibold sm:table-cell">
                {t('pay.total')}
              </th>
              <th scope="row" className="pt-2 pr-3 text-right text-base font-semibold sm:hidden">
                {t('pay.total')}
              </th>
              <td className="pt-2 pl-3 text-right text-lg font-bold tabular-nums">{formatMoney(invoice.totalCents, invoice.currency)}</td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </div>
  );
}
