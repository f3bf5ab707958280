import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, Lock } from 'lucide-react';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatCardNumber, ORDER_MESSAGES } from '#shared/orders.ts';
import { cardFormSchema, type CardForm } from '#shared/orders-forms.ts';
import type { Currency } from '#shared/money.ts';
import { formatMoney } from '#web/lib/format.ts';
import { Notice } from '#web/components/notice.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { ApiError } from '#web/lib/api.ts';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useSite } from '#web/lib/site.ts';
import { usePayOrder } from '../api/pay-order.ts';

type Field = 'number' | 'expiry' | 'cvc';

/** "1229" → "12/29" as the expiry is typed. */
const formatExpiry = (input: string) => {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/** A card field's props, formatted as typed; any edit calls `onEdit` (which clears the errors). */
function useCardField(control: Control<CardForm>, name: Field, format: (value: string) => string, onEdit: () => void) {
  const { field } = useController({ control, name });
  return {
    ref: field.ref,
    value: field.value,
    onBlur: field.onBlur,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      field.onChange(format(event.target.value));
      onEdit();
    },
  };
}

const FIELD_OF_CODE: Record<string, Field> = { card_number_invalid: 'number', card_expiry_invalid: 'expiry', card_cvc_invalid: 'cvc' };

/**
 * The built-in test provider's card form for an order (product checkouts and the public /pay page).
 * 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined with the provider's message.
 */
export function CardPaymentForm({ orderId, amountCents, currency, onPaid }: { orderId: string; amountCents: number; currency: Currency; onPaid: () => void }) {
  const { t } = useTranslation('orders');
  const pay = usePayOrder();
  return (
    <TestCardForm
      submit={(card) => pay.mutateAsync({ orderId, card })}
      onDone={onPaid}
      pending={pay.isPending}
      submitLabel={t('card.pay', { amount: formatMoney(amountCents, currency) })}
    />
  );
}

/**
 * The test provider's card fields for any payment: `submit` sends the card (an order's payment, a
 * membership's start, composed in by the router); a card refused by the server shows its message
 * on the field or the form, translated in `namespace`; `submit` resolving to false stops quietly.
 */
export function TestCardForm({
  submit,
  onDone,
  pending,
  submitLabel,
  namespace = 'orders',
}: {
  submit: (card: CardForm) => Promise<unknown>;
  onDone: () => void;
  pending: boolean;
  submitLabel: ReactNode;
  namespace?: string;
}) {
  const { t } = useTranslation('orders');
  const id = useId();
  const {
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors: found },
  } = useForm<CardForm>({ resolver: zodResolver(cardFormSchema), reValidateMode: 'onSubmit', defaultValues: { number: '', expiry: '', cvc: '' } });
  const errors = {
    number: fieldMessage(found.number?.message, 'orders', ORDER_MESSAGES),
    expiry: fieldMessage(found.expiry?.message, 'orders', ORDER_MESSAGES),
    cvc: fieldMessage(found.cvc?.message, 'orders', ORDER_MESSAGES),
    form: found.root?.server?.message,
  };
  const ids: Record<Field, string> = { number: `${id}-number`, expiry: `${id}-expiry`, cvc: `${id}-cvc` };

  const onSubmit = async (card: CardForm) => {
    try {
      // `false`: stopped before the card was charged, for a reason shown elsewhere (a field of the form around it).
      if ((await submit(card)) === false) return;
    } catch (error) {
      const message = error instanceof ApiError ? localizeError(error, namespace) : t('card.unexpected');
      const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      if (field) setError(field, { message }, { shouldFocus: true });
      else setError('root.server', { message });
      return;
    }
    onDone();
  };

  const number = useCardField(control, 'number', formatCardNumber, clearErrors);
  const expiry = useCardField(control, 'expiry', formatExpiry, clearErrors);
  const cvc = useCardField(control, 'cvc', (value) => value.replace(/\D/g, '').slice(0, 4), clearErrors);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('card.formLabel')} className="grid grid-cols-1 gap-4">
      {/* The page around it shows the "Test mode" banner; this says which test cards work. */}
      <Notice variant="info">{t('card.testModeHint')}</Notice>
      <FormField id={ids.number} label={t('card.number')} error={errors.number}>
        <div className="relative">
          <CreditCard aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={ids.number}
            name="cardnumber"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            className="pl-9 tabular-nums"
            disabled={pending}
            {...fieldAria(ids.number, errors.number)}
            {...number}
          />
        </div>
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id={ids.expiry} label={t('card.expiry')} error={errors.expiry}>
          <Input
            id={ids.expiry}
            name="exp-date"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('card.expiryPlaceholder')}
            className="tabular-nums"
            disabled={pending}
            {...fieldAria(ids.expiry, errors.expiry)}
            {...expiry}
          />
        </FormField>
        <FormField id={ids.cvc} label={t('card.cvc')} error={errors.cvc}>
          <Input
            id={ids.cvc}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            className="tabular-nums"
            disabled={pending}
            {...fieldAria(ids.cvc, errors.cvc)}
            {...cvc}
          />
        </FormField>
      </div>
      {errors.form ? (
        <Notice variant="error" title={t('card.failedTitle')}>
          {errors.form}
        </Notice>
      ) : null}
      <SubmitButton size="lg" pending={pending} pendingLabel={t('card.paying')}>
        <Lock aria-hidden="true" /> {submitLabel}
      </SubmitButton>
    </form>
  );
}

/**
 * How a subscription is paid (joining a membership, buying a plan; composed in by the router): with
 * Stripe, a button whose `submit` (no card) answers Stripe Checkout's page, which the browser follows
 * (decision 027); else the test provider's card fields.
 */
export function SubscriptionPaymentForm(props: {
  submit: (card: CardForm | undefined) => Promise<unknown>;
  onDone: () => void;
  pending: boolean;
  submitLabel: ReactNode;
  namespace?: string;
}) {
  const { data: site } = useSite();
  if (site?.payments === 'stripe') return <StripeCheckoutButton {...props} />;
  return <TestCardForm {...props} submit={(card) => props.submit(card)} />;
}

function StripeCheckoutButton({
  submit,
  onDone,
  pending,
  submitLabel,
  namespace = 'orders',
}: {
  submit: (card: CardForm | undefined) => Promise<unknown>;
  onDone: () => void;
  pending: boolean;
  submitLabel: ReactNode;
  namespace?: string;
}) {
  const { t } = useTranslation('orders');
  const { handleSubmit, setError, formState } = useForm();
  const failed = formState.errors.root?.server?.message;
  const onSubmit = async () => {
    let answer: unknown;
    try {
      answer = await submit(undefined);
    } catch (error) {
      setError('root.server', { message: error instanceof ApiError ? localizeError(error, namespace) : t('card.unexpected') });
      return;
    }
    const url = (answer as { checkoutUrl?: unknown } | null)?.checkoutUrl;
    if (typeof url === 'string') window.location.assign(url);
    else onDone();
  };
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid grid-cols-1 gap-4">
      <p className="text-sm text-muted-foreground">{t('card.stripeHint')}</p>
      {failed ? (
        <Notice variant="error" title={t('card.failedTitle')}>
          {failed}
        </Notice>
      ) : null}
      <SubmitButton size="lg" pending={pending || formState.isSubmitSuccessful} pendingLabel={t('card.toStripe')}>
        <Lock aria-hidden="true" /> {submitLabel}
      </SubmitButton>
    </form>
  );
}
