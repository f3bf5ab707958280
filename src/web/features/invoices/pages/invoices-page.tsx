import { useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { useInvoices } from '../api/get-invoices.ts';
import { INVOICES_QUERY_KEY } from '../api/types.ts';
import { InvoiceForm } from '../components/invoice-form.tsx';
import { InvoicesTable } from '../components/invoices-table.tsx';
import { billingError } from '../utils/messages.ts';

/** /dashboard/payments (SPEC §2 Invoices page): create invoices and follow their payment, live. */
export function InvoicesPage() {
  const { t } = useTranslation('invoices');
  usePageTitle(t('invoices.title'));
  const queryClient = useQueryClient();
  const { data, isPending, isError, error, refetch, isFetching } = useInvoices();

  // A client paid on the payment page (or another tab changed an invoice): refresh the list.
  useRealtimeEvent('invoices.changed', () => void queryClient.invalidateQueries({ queryKey: INVOICES_QUERY_KEY }));

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('invoices.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('invoices.intro')}</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t('invoices.createTitle')}</CardTitle>
          <CardDescription>{t('invoices.createIntro')}</CardDescription>
        </CardHeader>
        <CardContent>
          <InvoiceForm />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('invoices.listTitle')}</CardTitle>
          <CardDescription aria-live="polite">
            {data ? t('invoices.count', { count: data.items.length }) : isError ? t('invoices.loadFailedShort') : t('invoices.loading')}
          </CardDescription>
        </CardHeader>
        <CardContent className="px-0 pb-2 sm:px-2">
          {isPending ? (
            <LoadingState label={t('invoices.loading')} />
          ) : isError ? (
            <div role="alert" className="mx-4 mb-4 rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-100">
              <p>{t('invoices.loadFailed', { reason: billingError(error) })}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()} disabled={isFetching}>
                {t('common.tryAgain')}
              </Button>
            </div>
          ) : data.items.length === 0 ? (
            <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
              <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
                <FileText aria-hidden="true" className="size-6" />
              </span>
              <p className="font-medium">{t('invoices.empty')}</p>
              <p className="max-w-sm text-sm text-muted-foreground">{t('invoices.emptyText')}</p>
            </div>
          ) : (
            <InvoicesTable invoices={data.items} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
