import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, FileDown, FileX } from 'lucide-react';
import { useId, useState, type ComponentType } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { invoicePaymentFormSchema, type InvoicePaymentForm } from '#shared/invoices-form.ts';
import { BrandLogo } from '#web/components/brand-logo.tsx';
import { LanguageSwitcher } from '#web/components/language-switcher.tsx';
import { Notice } from '#web/components/notice.tsx';
import { TestModeBanner } from '#web/components/test-mode-banner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { isApiError } from '#web/lib/api.ts';
import { localizeMessage } from '#web/lib/server-message.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { showToast } from '#web/lib/toast.ts';
import { usePayableInvoice } from '../api/get-payable-invoice.ts';
import { useStartPayment } from '../api/start-payment.ts';
import { payInvoiceQueryKey, type PayableInvoice } from '../api/pay-types.ts';
import { InvoiceSummary } from '../components/invoice-summary.tsx';
import { billingError } from '../utils/pay-messages.ts';
import { formatDate, formatMoney } from '#web/lib/format.ts';
import type { Currency } from '#shared/money.ts';
import { INVOICE_MESSAGES } from '#shared/invoices.ts';

/** The checkout's card form, composed in by the router (features do not import each other). */
export type CardFormComponent = ComponentType<{ orderId: string; amountCents: number; currency: Currency; onPaid: () => void }>;

/**
 * /pay/{invoiceId} (public): the creator's invoice with a pay button that uses the checkout's
 * payment provider. A paid invoice shows as paid and offers no payment.
 */
export function PayPage({ CardForm }: { CardForm?: CardFormComponent }) {
  const { t } = useTranslation('invoices');
  const { invoiceId = '' } = useParams();
  const [searchParams] = useSearchParams();
  // Back from the provider's page: its confirmation may arrive a moment later.
  const returning = searchParams.has('order');
  const { data, isPending, isError, error, refetch, isFetching } = usePayableInvoice(invoiceId, returning);
  usePageTitle(t('pay.pageTitle'));

  let body;
  if (isPending) body = <LoadingState label={t('pay.loading')} />;
  else if (isError && isApiError(error, 404)) {
    body = (
      <Card className="p-8 text-center">
        <FileX aria-hidden="true" className="mx-auto size-10 text-muted-foreground" />
        <h1 className="mt-4 text-xl font-semibold">{t('pay.notFoundTitle')}</h1>
        <p className="mt-2 text-muted-foreground">{t('pay.notFound')}</p>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/">{t('pay.home')}</Link>
        </Button>
      </Card>
    );
  } else if (isError) {
    body = (
      <div role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-100">
        <p>{t('pay.loadFailed', { reason: billingError(error) })}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()} disabled={isFetching}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  } else {
    const { invoice } = data;
    const settled = invoice.status === 'paid' && invoice.paidAt;
    body = (
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1">
            <p className="text-sm text-muted-foreground">{t('pay.from', { name: invoice.creatorName })}</p>
            <h1 className="text-2xl font-bold tracking-tight">{invoice.kind === 'payment_request' ? t('pay.paymentRequestTitle') : t('pay.invoiceTitle')}</h1>
            <p className="text-3xl font-bold tabular-nums">{formatMoney(invoice.totalCents, invoice.currency)}</p>
            <p className="text-sm text-muted-foreground">
              {settled ? t('pay.paidOnShort', { date: formatDate(invoice.paidAt!) }) : t('pay.dueOn', { date: formatDate(invoice.dueAt) })}
            </p>
          </div>
          <Button asChild variant="outline" className="self-start">
            <a href={`/api/pay/${encodeURIComponent(invoice.id)}/pdf`} download>
              <FileDown aria-hidden="true" /> {t('pay.downloadPdf')}
            </a>
          </Button>
        </CardHeader>
        <CardContent className="grid gap-6">
          <InvoiceSummary invoice={invoice} />
          {invoice.status === 'paid' ? (
            <Notice variant="success" title={t('pay.paidTitle')}>
              {invoice.paidAt ? t('pay.paidOn', { date: formatDate(invoice.paidAt) }) : t('pay.paid')}
            </Notice>
          ) : invoice.status === 'cancelled' ? (
            <Notice variant="error">{t('errors.cancelled')}</Notice>
          ) : returning ? (
            <LoadingState label={t('pay.confirming')} className="py-6" />
          ) : (
            <PaySection invoice={invoice} CardForm={CardForm} />
          )}
        </CardContent>
      </Card>
    );
  }

  // Like a hosted invoice: the document, and a small "Powered by" line instead of the site's header and footer.
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 pt-8 pb-10 sm:px-6 sm:pt-12">
      <TestModeBanner />
      {body}
      <footer className="flex flex-wrap items-center justify-between gap-3 pt-2 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-2">
          {t('pay.poweredBy')} <BrandLogo className="text-sm [&>span:first-child]:size-6 [&>span:first-child]:text-xs" />
        </span>
        <LanguageSwitcher compact />
      </footer>
    </div>
  );
}

/** Pay button (and the payer's e-mail for a payment request), then the provider's card form or page. */
function PaySection({ invoice, CardForm }: { invoice: PayableInvoice; CardForm?: CardFormComponent }) {
  const { t } = useTranslation('invoices');
  const id = useId();
  const queryClient = useQueryClient();
  const start = useStartPayment();
  const [orderId, setOrderId] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<InvoicePaymentForm, unknown, { email: string | undefined }>({
    resolver: zodResolver(invoicePaymentFormSchema(invoice.needsEmail)),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: { email: '' },
  });
  const invalid = errors.email?.message;
  const error = invalid ? localizeMessage(invalid, 'invoices', INVOICE_MESSAGES) : (errors.root?.server?.message ?? null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: payInvoiceQueryKey(invoice.id) });

  const onSubmit = async ({ email }: { email: string | undefined }) => {
    if (start.isPending) return;
    try {
      const { order, start: next } = await start.mutateAsync({ invoiceId: invoice.id, email });
      if (next.type === 'redirect') window.location.assign(next.url);
      else setOrderId(order.id);
    } catch (caught) {
      setError('root.server', { message: billingError(caught) });
      if (isApiError(caught, 409)) void refresh(); // paid meanwhile: show it
    }
  };

  const onPaid = () => {
    showToast({ title: t('pay.successTitle'), description: t('pay.successText', { total: formatMoney(invoice.totalCents, invoice.currency) }), variant: 'success' });
    void refresh();
  };

  if (orderId) {
    if (!CardForm) return <Notice variant="error">{t('pay.cardUnavailable')}</Notice>;
    return (
      <div className="grid gap-4 border-t border-border pt-6">
        <CardForm orderId={orderId} amountCents={invoice.totalCents} currency={invoice.currency} onPaid={onPaid} />
      </div>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('pay.formLabel')} className="grid gap-4 border-t border-border pt-6">
      {invoice.needsEmail ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>{t('pay.email')}</Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            aria-invalid={error ? true : undefined}
            disabled={start.isPending}
            {...register('email')}
          />
        </div>
      ) : null}
      {error ? <Notice variant="error">{error}</Notice> : null}
      <SubmitButton size="lg" pending={start.isPending} pendingLabel={t('pay.starting')}>
        <CreditCard aria-hidden="true" /> {t('pay.payButton', { total: formatMoney(invoice.totalCents, invoice.currency) })}
      </SubmitButton>
    </form>
  );
}
