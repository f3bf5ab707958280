import { FileDown } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadLink } from '#web/components/download-link.tsx';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { formatDate, formatMoney } from '#web/lib/format.ts';
import { cn } from '#web/lib/utils.ts';
import { usePlanInvoices } from '../api/get-plan-invoices.ts';

/** The charges of the account's plan: date, plan and period, what it was for, amount, status and its PDF. */
export function PlanInvoices() {
  const { t } = useTranslation('plans');
  const id = useId();
  const invoices = usePlanInvoices();
  let body;
  if (invoices.isPending) body = <LoadingState label={t('invoices.loading')} className="py-2" />;
  else if (invoices.isError) {
    body = <LoadFailedNotice title={t('invoices.loadFailed')} error={invoices.error} namespace="plans" onRetry={() => void invoices.refetch()} retrying={invoices.isFetching} />;
  } else if (invoices.data.items.length === 0) body = <p className="text-sm text-muted-foreground">{t('invoices.empty')}</p>;
  else {
    body = (
      <ul aria-labelledby={`${id}-title`} className="grid divide-y divide-border rounded-lg border border-border">
        {invoices.data.items.map((invoice) => (
          <li key={invoice.id} className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 px-3 py-2.5 text-sm sm:grid-cols-[8rem_1fr_auto_6rem_auto]">
            <span className="tabular-nums text-muted-foreground">{formatDate(invoice.createdAt)}</span>
            <span className="col-start-1 min-w-0 sm:col-start-2">
              {t('invoices.line', { plan: t(`common:plans.${invoice.plan}`), period: t(`billing.period.${invoice.period}`), kind: t(`invoices.kind.${invoice.kind}`) })}
            </span>
            <span className="col-start-2 row-start-1 text-right font-medium tabular-nums sm:col-start-3">{formatMoney(invoice.amountCents, invoice.currency)}</span>
            <span
              className={cn(
                'col-start-2 row-start-2 justify-self-end rounded-full px-2.5 py-0.5 text-xs font-semibold sm:col-start-4 sm:row-start-1',
                invoice.status === 'paid' ? 'bg-emerald-500/15 text-emerald-200' : 'bg-red-500/15 text-red-200',
              )}
            >
              {t(`invoices.status.${invoice.status}`)}
            </span>
            <Button variant="ghost" size="sm" asChild className="col-start-1 row-start-3 justify-self-start sm:col-start-5 sm:row-start-1">
              <DownloadLink
                href={`/api/my/plan/invoices/${encodeURIComponent(invoice.id)}/pdf`}
                namespace="plans"
                aria-label={t('invoices.pdfFor', { date: formatDate(invoice.createdAt) })}
              >
                <FileDown aria-hidden="true" /> <span aria-hidden="true">{t('invoices.pdf')}</span>
              </DownloadLink>
            </Button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {t('invoices.title')}
      </h3>
      {body}
    </section>
  );
}
