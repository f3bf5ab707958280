import { FilePlus2, Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invoiceTotalCents, splitTitledMessage, validateInvoice } from '#shared/invoices.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useCreateInvoice } from '../api/create-invoice.ts';
import { money } from '../utils/format.ts';
import { billingError } from '../utils/messages.ts';

interface ItemRow {
  key: number;
  name: string;
  quantity: string;
  unitPrice: string;
}

const textareaClass =
  'flex min-h-20 w-full rounded-lg border border-input bg-muted/60 px-3 py-2 text-sm text-foreground shadow-xs placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/60 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The create-invoice form (SPEC §2 Invoices page, §5 Invoice): client, description and line items
 * (at least one; only items after the first can be removed), with the running total.
 */
export function InvoiceForm() {
  const { t } = useTranslation('billing');
  const id = useId();
  const nextKey = useRef(1);
  const newItem = (): ItemRow => ({ key: nextKey.current++, name: '', quantity: '1', unitPrice: '' });
  const [clientName, setClientName] = useState('');
  const [clientEmail, setClientEmail] = useState('');
  const [description, setDescription] = useState('');
  const [items, setItems] = useState<ItemRow[]>(() => [{ key: 0, name: '', quantity: '1', unitPrice: '' }]);
  const [error, setError] = useState<string | null>(null);
  const createInvoice = useCreateInvoice();
  const submitting = createInvoice.isPending;

  const updateItem = (key: number, field: 'name' | 'quantity' | 'unitPrice', value: string) =>
    setItems((rows) => rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));

  const fail = (message: string) => {
    setError(message);
    const { title, description: text } = splitTitledMessage(message);
    showToast({ title, description: text || undefined, variant: 'error' });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const input = { clientName, clientEmail, description, items: items.map(({ name, quantity, unitPrice }) => ({ name, quantity, unitPrice })) };
    const checked = validateInvoice(input);
    if (!checked.ok) return fail(localizeMessage(checked.message, 'billing'));
    setError(null);
    try {
      const { invoice } = await createInvoice.mutateAsync(input);
      showToast({ title: t('invoices.created'), description: t('invoices.createdText', { client: invoice.clientName, total: money(invoice.totalCents) }), variant: 'success' });
      setClientName('');
      setClientEmail('');
      setDescription('');
      setItems([newItem()]);
    } catch (caught) {
      fail(billingError(caught));
    }
  };

  const total = invoiceTotalCents(items);

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('invoices.formLabel')}>
      <fieldset disabled={submitting} className="grid min-w-0 gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-client-name`}>{t('invoices.clientName')}</Label>
            <Input id={`${id}-client-name`} autoComplete="off" value={clientName} onChange={(event) => setClientName(event.target.value)} required />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-client-email`}>{t('invoices.clientEmail')}</Label>
            <Input
              id={`${id}-client-email`}
              type="email"
              autoComplete="off"
              value={clientEmail}
              onChange={(event) => setClientEmail(event.target.value)}
              required
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-description`}>{t('invoices.description')}</Label>
          <textarea
            id={`${id}-description`}
            className={textareaClass}
            maxLength={2000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>

        <fieldset className="grid min-w-0 gap-3">
          <legend className="mb-3 text-sm font-medium">{t('invoices.items')}</legend>
          <ol className="grid gap-3">
            {items.map((item, index) => {
              const number = index + 1;
              return (
                <li key={item.key} className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-[1fr_8rem_10rem_auto] sm:items-end">
                  <div className="grid gap-2">
                    <Label htmlFor={`${id}-item-${item.key}-name`}>{t('invoices.itemName', { number })}</Label>
                    <Input id={`${id}-item-${item.key}-name`} value={item.name} onChange={(event) => updateItem(item.key, 'name', event.target.value)} />
                  </div>
                  <div className="grid gap-2">
                    <Label htmlFor={`${id}-item-${item.key}-quantity`}>{t('invoices.quantity', { number })}</Label>
                    <Input
                      id={`${id}-item-${item.key}-quantity`}
                      type="number"
                      inputMode="decimal"
                      min={1}
                      step="any"
                      value={item.quantity}
                      onChange={(event) => updateItem(item.key, 'quantity', event.target.value)}
                    />
                  </div>
                  <div className="grid gap-2">
                    <Label htmlFor={`${id}-item-${item.key}-price`}>{t('invoices.unitPrice', { number })}</Label>
                    <Input
                      id={`${id}-item-${item.key}-price`}
                      type="number"
                      inputMode="decimal"
                      min={0.01}
                      step={0.01}
                      value={item.unitPrice}
                      onChange={(event) => updateItem(item.key, 'unitPrice', event.target.value)}
                    />
                  </div>
                  {index === 0 ? (
                    <span className="hidden w-10 sm:block" />
                  ) : (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-red-300 hover:bg-red-950/50 hover:text-red-200"
                      aria-label={t('invoices.removeItem', { number })}
                      onClick={() => setItems((rows) => rows.filter((row) => row.key !== item.key))}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  )}
                </li>
              );
            })}
          </ol>
          <div>
            <Button variant="outline" size="sm" onClick={() => setItems((rows) => [...rows, newItem()])} disabled={items.length >= 100}>
              <Plus aria-hidden="true" /> {t('invoices.addItem')}
            </Button>
          </div>
        </fieldset>

        <p className="flex items-baseline justify-between border-t border-border pt-4 text-lg font-semibold">
          <span>{t('invoices.total')}</span>
          <output aria-live="polite" className="tabular-nums">
            {money(total)}
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
