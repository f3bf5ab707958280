import { useTranslation } from 'react-i18next';
import { storedLineTotalCents } from '#shared/invoices.ts';
import { cn } from '#web/lib/utils.ts';
import type { PayableInvoice } from '../api/pay-types.ts';
import { formatDate, formatMoney } from '#web/lib/format.ts';

const STATUS_STYLES: Record<string, string> = {
  paid: 'border-emerald-500/40 bg-emerald-500/15 text-emerald-300',
  pending: 'border-amber-500/40 bg-amber-500/15 text-amber-300',
};

const quantity = (value: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);

/** Billed to, description, the items with their amounts, the total, due date and status. */
export function InvoiceSummary({ invoice }: { invoice: PayableInvoice }) {
  const { t, i18n } = useTranslation('billing');
  return (
    <div className="grid gap-6">
      <dl className="grid gap-4 text-sm sm:grid-cols-3">
        {invoice.clientName ? (
          <div>
            <dt className="text-muted-foreground">{t('pay.billedTo')}</dt>
            <dd className="mt-1 font-medium break-words">{invoice.clientName}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-muted-foreground">{t('pay.dueDate')}</dt>
          <dd className="mt-1 font-medium">
            <time dateTime={invoice.dueAt}>{formatDate(invoice.dueAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('pay.status')}</dt>
          <dd className="mt-1">
            <span className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', STATUS_STYLES[invoice.status] ?? 'border-red-500/40 bg-red-500/15 text-red-300')}>
              {t(`status.${invoice.status}`)}
            </span>
          </dd>
        </div>
      </dl>
      {invoice.description && invoice.kind === 'invoice' ? <p className="text-sm whitespace-pre-line text-muted-foreground">{invoice.description}</p> : null}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[420px] text-left text-sm">
          <caption className="sr-only">{t('pay.itemsCaption')}</caption>
          <thead className="border-b border-border text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">{t('pay.item')}</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">{t('pay.quantity')}</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">{t('pay.unitPrice')}</th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">{t('pay.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {invoice.items.map((item, index) => (
              <tr key={index} className="border-b border-border/60">
                <td className="py-2 pr-3 break-words">{item.name}</td>
                <td className="px-3 py-2 text-right tabular-nums">{quantity(item.quantity, i18n.language)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatMoney(item.unitPriceCents)}</td>
                <td className="py-2 pl-3 text-right tabular-nums">{formatMoney(storedLineTotalCents(item))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="pt-4 pr-3 text-right text-base font-semibold">
                {t('pay.total')}
              </th>
              <td className="pt-4 pl-3 text-right text-lg font-bold tabular-nums">{formatMoney(invoice.totalCents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
