import { zodResolver } from '@hookform/resolvers/zod';
import { FilePlus2, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { INVOICE_MESSAGES, invoiceTotalCents, lineTotalCents, splitTitledMessage } from '#shared/invoices.ts';
import { invoiceFormSchema, type InvoiceForm as InvoiceFormValues } from '#shared/invoices-form.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { useStoreCurrency } from '#web/lib/profile.ts';
import { localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useCreateInvoice } from '../api/create-invoice.ts';
import { formatMoney } from '#web/lib/format.ts';
import { billingError } from '../utils/messages.ts';
import { amountInputProps } from '#shared/money.ts';

const newItem = () => ({ name: '', quantity: '1', unitPrice: '' });
const EMPTY: InvoiceFormValues = { clientName: '', clientEmail: '', description: '', items: [newItem()] };

const textareaClass =
  'flex min-h-20 w-full rounded-lg border border-input bg-muted/60 px-3 py-2 text-sm text-foreground shadow-xs placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/60 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The create-invoice form (SPEC §2 Invoices page, §5 Invoice): client, description and line items
 * (at least one; only items after the first can be removed), with the running total.
 */
export function InvoiceForm() {
  const { t } = useTranslation('invoices');
  const id = useId();
  const createInvoice = useCreateInvoice();
  const currency = useStoreCurrency();
  const unitPriceInput = amountInputProps(currency);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<InvoiceFormValues>({ resolver: zodResolver(invoiceFormSchema(currency)), reValidateMode: 'onSubmit', shouldFocusError: false, defaultValues: EMPTY });
  const { fields: items, append, remove } = useFieldArray({ control, name: 'items' });
  const submitting = createInvoice.isPending;
  // The shared rule's message (or the server's) is the form's: shown below and toasted.
  const invalid = errors.items?.root?.message ?? errors.items?.message;
  const error = invalid ? localizeMessage(invalid, 'invoices', INVOICE_MESSAGES) : (errors.root?.server?.message ?? null);

  const toastError = (message: string) => {
    const { title, description: text } = splitTitledMessage(message);
    showToast({ title, description: text || undefined, variant: 'error' });
  };

  const onInvalid = (found: FieldErrors<InvoiceFormValues>) => {
    const message = found.items?.root?.message ?? found.items?.message;
    if (message) toastError(localizeMessage(message, 'invoices', INVOICE_MESSAGES));
  };

  const onSubmit = async (input: InvoiceFormValues) => {
    try {
      const { invoice } = await createInvoice.mutateAsync(input);
      showToast({ title: t('invoices.created'), description: t('invoices.createdText', { client: invoice.clientName, total: formatMoney(invoice.totalCents, invoice.currency) }), variant: 'success' });
      reset(EMPTY);
    } catch (caught) {
      const message = billingError(caught);
      setError('root.server', { message });
      toastError(message);
    }
  };

  const watchedItems = useWatch({ control, name: 'items' });
  const total = invoiceTotalCents(watchedItems, currency);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} aria-label={t('invoices.formLabel')}>
      <fieldset disabled={submitting} className="grid min-w-0 gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-client-name`}>{t('invoices.clientName')}</Label>
            <Input id={`${id}-client-name`} autoComplete="off" required {...register('clientName')} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-client-email`}>{t('invoices.clientEmail')}</Label>
            <Input
              id={`${id}-client-email`}
              type="email"
              autoComplete="off"
              required
              {...register('clientEmail')}
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-description`}>{t('invoices.description')}</Label>
          <textarea
            id={`${id}-description`}
            className={textareaClass}
            maxLength={2000}
            {...register('description')}
          />
        </div>

        <fieldset className="grid min-w-0 gap-3">
          <legend className="mb-3 text-sm font-medium">{t('invoices.items')}</legend>
          {/*
            A table with column headers; each input is also named for its row ("Item 2 quantity").
            Under sm the rows stack as cards, each field with its column's name shown above it.
          */}
          <table className="block w-full text-sm sm:table">
            <thead className="hidden border-b border-border text-left text-xs text-muted-foreground sm:table-header-group">
              <tr>
                <th scope="col" className="pr-2 pb-2 font-medium">{t('invoices.colDescription')}</th>
                <th scope="col" className="w-28 px-2 pb-2 font-medium">{t('invoices.colQuantity')}</th>
                <th scope="col" className="w-36 px-2 pb-2 font-medium">{t('invoices.colUnitPrice', { currency })}</th>
                <th scope="col" className="w-28 px-2 pb-2 text-right font-medium">{t('invoices.colAmount')}</th>
                <th scope="col" className="w-12 pb-2 pl-2">
                  <span className="sr-only">{t('invoices.colRemove')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="grid gap-3 sm:table-row-group">
              {items.map((item, index) => {
                const number = index + 1;
                const line = watchedItems[index];
                return (
                  <tr
                    key={item.id}
                    className="grid grid-cols-2 gap-3 rounded-lg border border-border p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:p-0"
                  >
                    <td className="col-span-2 grid gap-1 sm:table-cell sm:py-2 sm:pr-2">
                      <ColumnName>{t('invoices.colDescription')}</ColumnName>
                      <Input aria-label={t('invoices.itemDescription', { number })} {...register(`items.${index}.name`)} />
                    </td>
                    <td className="grid gap-1 sm:table-cell sm:p-2">
                      <ColumnName>{t('invoices.colQuantity')}</ColumnName>
                      <Input
                        aria-label={t('invoices.quantity', { number })}
                        type="number"
                        inputMode="decimal"
                        min={1}
                        step="any"
                        {...register(`items.${index}.quantity`)}
                      />
                    </td>
                    <td className="grid gap-1 sm:table-cell sm:p-2">
                      <ColumnName>{t('invoices.colUnitPrice', { currency })}</ColumnName>
                      <Input
                        aria-label={t('invoices.unitPrice', { number, currency })}
                        type="number"
                        inputMode={unitPriceInput.inputMode}
                        min={unitPriceInput.step}
                        step={unitPriceInput.step}
                        {...register(`items.${index}.unitPrice`)}
                      />
                    </td>
                    <td className="flex items-baseline gap-2 self-center tabular-nums sm:table-cell sm:p-2 sm:text-right">
                      <ColumnName>{t('invoices.colAmount')}</ColumnName>
                      {formatMoney(line ? lineTotalCents(line.quantity, line.unitPrice, currency) : 0, currency)}
                    </td>
                    <td className="flex justify-end sm:table-cell sm:py-2 sm:pl-2">
                      {index === 0 ? null : (
                        <Button
                          variant="ghost"
                          size="icon"
                          className="text-red-300 hover:bg-red-950/50 hover:text-red-200"
                          aria-label={t('invoices.removeItem', { number })}
                          onClick={() => remove(index)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div>
            <Button variant="outline" size="sm" onClick={() => append(newItem(), { shouldFocus: false })} disabled={items.length >= 100}>
              <Plus aria-hidden="true" /> {t('invoices.addItem')}
            </Button>
          </div>
        </fieldset>

        <p className="flex items-baseline justify-between border-t border-border pt-4 text-lg font-semibold">
          <span>{t('invoices.total')}</span>
          <output aria-live="polite" className="tabular-nums">
            {formatMoney(total, currency)}
          </output>
        </p>
        {error ? <Notice variant="error">{error}</Notice> : null}
        <div>
          <SubmitButton pending={submitting} pendingLabel={t('invoices.creating')}>
            <FilePlus2 aria-hidden="true" /> {t('invoices.create')}
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}

/** A column's name above its field when the rows stack as cards (phones); the table's header says it otherwise. */
function ColumnName({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="text-xs text-muted-foreground sm:hidden">
      {children}
    </span>
  );
}
