import { zodResolver } from '@hookform/resolvers/zod';
import { FileDown, Save } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Receipt } from '#shared/orders-api.ts';
import { receiptBuyerSchema, type ReceiptBuyerInput } from '#shared/orders-forms.ts';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { DownloadLink } from '#web/components/download-link.tsx';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { textareaClass } from '#web/components/ui/textarea.tsx';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { storeReceiptPdfPath, useSaveReceiptBuyer } from '../api/get-receipt.ts';

/**
 * The receipt as PDF: the buyer's name and address to print (kept on the order, so a later download
 * matches), then one PDF per store of the order, each with its order number.
 */
export function ReceiptDocuments({ token, receipt }: { token: string; receipt: Receipt }) {
  const { t } = useTranslation('orders');
  const id = useId();
  const save = useSaveReceiptBuyer(token);
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
    reset,
  } = useForm<ReceiptBuyerInput>({
    resolver: zodResolver(receiptBuyerSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { name: receipt.buyer.name ?? '', address: receipt.buyer.address ?? '' },
  });
  const nameError = fieldMessage(errors.name?.message, 'orders', ORDER_MESSAGES);
  const addressError = fieldMessage(errors.address?.message, 'orders', ORDER_MESSAGES);
  const onSubmit = (values: ReceiptBuyerInput) =>
    save.mutate(values, { onSuccess: (buyer) => reset({ name: buyer.name ?? '', address: buyer.address ?? '' }) });
  return (
    <Card className="grid gap-5 p-6">
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('receipt.pdf.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('receipt.pdf.body')}</p>
      </div>
      <form noValidate aria-labelledby={`${id}-title`} className="grid gap-4" onSubmit={handleSubmit(onSubmit)}>
        <fieldset disabled={save.isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
          <FormField id={`${id}-name`} label={t('receipt.pdf.name')} error={nameError}>
            <Input id={`${id}-name`} autoComplete="name" maxLength={120} {...fieldAria(`${id}-name`, nameError)} {...register('name')} />
          </FormField>
          {receipt.buyer.vatNumber ? (
            <div className="grid content-start gap-2 text-sm">
              <span className="font-medium">{t('receipt.pdf.vatNumber')}</span>
              <span className="font-mono text-muted-foreground">{receipt.buyer.vatNumber}</span>
            </div>
          ) : null}
          <FormField id={`${id}-address`} label={t('receipt.pdf.address')} error={addressError} className="sm:col-span-2">
            <textarea
              id={`${id}-address`}
              rows={3}
              maxLength={500}
              autoComplete="street-address"
              className={textareaClass}
              {...fieldAria(`${id}-address`, addressError)}
              {...register('address')}
            />
          </FormField>
        </fieldset>
        {save.isError ? <Notice variant="error">{localizeError(save.error, 'orders')}</Notice> : null}
        {save.isSuccess && !isDirty ? <Notice variant="success">{t('receipt.pdf.saved')}</Notice> : null}
        <div>
          <SubmitButton variant="outline" pending={save.isPending} pendingLabel={t('receipt.pdf.saving')}>
            <Save aria-hidden="true" /> {t('receipt.pdf.save')}
          </SubmitButton>
        </div>
      </form>
      <ul aria-label={t('receipt.pdf.downloads')} className="grid gap-2 border-t border-border pt-4">
        {receipt.sellers.map((seller) => (
          <li key={seller.storeId} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <span className="min-w-0 text-sm break-words">
              <span className="font-medium">{seller.name}</span>
              {seller.orderNumber ? <span className="text-muted-foreground"> · {seller.orderNumber}</span> : null}
            </span>
            <Button variant="secondary" size="sm" asChild>
              <DownloadLink href={storeReceiptPdfPath(token, seller.storeId)} namespace="orders" aria-label={t('receipt.pdf.downloadFrom', { seller: seller.name })}>
                <FileDown aria-hidden="true" /> <span aria-hidden="true">{t('receipt.pdf.download')}</span>
              </DownloadLink>
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
