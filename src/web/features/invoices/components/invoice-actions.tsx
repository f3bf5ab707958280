import { CheckCircle2, FileDown, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '#web/components/copy-button.tsx';
import { DownloadLink } from '#web/components/download-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { showToast } from '#web/lib/toast.ts';
import { useMarkInvoicePaid } from '../api/mark-invoice-paid.ts';
import { useSendInvoice } from '../api/send-invoice.ts';
import type { Invoice } from '../api/types.ts';
import { billingError } from '../utils/messages.ts';

/** Copy payment link, Mark as Paid (pending only), e-mail to the client, PDF download. */
export function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const markPaid = useMarkInvoicePaid();
  const send = useSendInvoice();
  const who = invoice.clientName || invoice.description || invoice.id;

  const onMarkPaid = () =>
    markPaid.mutate(invoice.id, {
      onSuccess: () => showToast({ title: t('errors.invoiceUpdated'), description: t('invoices.markedPaid', { client: who }), variant: 'success' }),
      onError: (error) => showToast({ title: t('common.error'), description: billingError(error), variant: 'error' }),
    });

  const onSend = () =>
    send.mutate(invoice.id, {
      onSuccess: ({ sentTo }) => showToast({ title: t('invoices.sent'), description: t('invoices.sentTo', { email: sentTo }), variant: 'success' }),
      onError: (error) => showToast({ title: t('common.error'), description: billingError(error), variant: 'error' }),
    });

  return (
    <div className="flex flex-wrap justify-end gap-1">
      <CopyButton
        text={invoice.payUrl}
        texts={{
          copy: <span aria-hidden="true">{t('invoices.copyLink')}</span>,
          done: (text) => ({ title: t('errors.copied'), description: text }),
          failed: (error) => ({ title: t('common.copyFailed'), description: billingError(error) }),
        }}
        label={t('invoices.copyLinkFor', { client: who })}
        variant="ghost"
        size="sm"
      />
      {invoice.status === 'pending' ? (
        <Button variant="ghost" size="sm" onClick={onMarkPaid} disabled={markPaid.isPending} aria-label={t('invoices.markPaidFor', { client: who })}>
          {markPaid.isPending ? <Spinner className="size-4" /> : <CheckCircle2 aria-hidden="true" />}
          <span aria-hidden="true">{t('invoices.markPaid')}</span>
        </Button>
      ) : null}
      {invoice.clientEmail ? (
        <Button variant="ghost" size="sm" onClick={onSend} disabled={send.isPending} aria-label={t('invoices.sendFor', { client: who })}>
          {send.isPending ? <Spinner className="size-4" /> : <Mail aria-hidden="true" />}
          <span aria-hidden="true">{send.isPending ? t('invoices.sending') : t('invoices.send')}</span>
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" asChild>
        <DownloadLink href={`/api/invoices/${encodeURIComponent(invoice.id)}/pdf`} namespace="invoices" aria-label={t('invoices.pdfFor', { client: who })}>
          <FileDown aria-hidden="true" /> <span aria-hidden="true">{t('invoices.pdf')}</span>
        </DownloadLink>
      </Button>
    </div>
  );
}
