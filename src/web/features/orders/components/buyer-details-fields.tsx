import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkoutFormSchema, type CheckoutForm } from '#shared/orders-forms.ts';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { TAX_MESSAGES } from '#shared/orders-tax.ts';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { countryOfLanguage } from '../utils/countries.ts';
import { CountrySelect } from '#web/components/country-select.tsx';

/** validation_failed names no field, only the check's message: a tax check's shows on its field. */
const TAX_FIELD_OF_MESSAGE: Partial<Record<string, 'country' | 'vatNumber'>> = {
  [TAX_MESSAGES.countryInvalid]: 'country',
  [TAX_MESSAGES.vatNumberInvalid]: 'vatNumber',
};

/**
 * The buyer's details at checkout (the checkout page and Buy now): the e-mail (the account's when
 * signed in, until the buyer types another), the country (guessed from the browser's language) and an
 * optional EU VAT number; `showError` puts a refused checkout's message on its field, or the form's.
 */
export function useBuyerDetails() {
  const { t } = useTranslation('orders');
  const { data: user } = useCurrentUser();
  const defaultCountry = useMemo(() => countryOfLanguage(navigator.language), []);
  const form = useForm<CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', country: defaultCountry, vatNumber: '' },
    values: { email: user?.email ?? '', country: defaultCountry, vatNumber: '' },
    resetOptions: { keepDirtyValues: true },
  });
  const found = form.formState.errors;
  const errors = {
    email: fieldMessage(found.email?.message, 'orders', [ORDER_MESSAGES, TAX_MESSAGES]),
    country: fieldMessage(found.country?.message, 'orders', [ORDER_MESSAGES, TAX_MESSAGES]),
    vatNumber: fieldMessage(found.vatNumber?.message, 'orders', [ORDER_MESSAGES, TAX_MESSAGES]),
    form: found.root?.server?.message,
  };
  const showError = (error: unknown) => {
    if (!(error instanceof ApiError)) return form.setError('root.server', { message: t('card.unexpected') });
    // payments_unavailable (no payment provider set up) and the rest are translated by their code.
    const message = localizeError(error, 'orders');
    // A tax check's message stays in English: fieldMessage translates it by its code.
    const taxField = error.code === 'validation_failed' ? TAX_FIELD_OF_MESSAGE[error.message] : undefined;
    if (taxField) form.setError(taxField, { message: error.message }, { shouldFocus: true });
    else if (error.code === 'validation_failed') form.setError('email', { message }, { shouldFocus: true });
    else if (error.code === 'country_required') form.setError('country', { message }, { shouldFocus: true });
    else form.setError('root.server', { message });
  };
  return { form, errors, showError };
}

/** The e-mail, country and VAT number fields of `details` (useBuyerDetails); `compact` drops the country's hint and pairs it with the VAT number. */
export function BuyerDetailsFields({ details, disabled, compact = false }: { details: ReturnType<typeof useBuyerDetails>; disabled: boolean; compact?: boolean }) {
  const { t } = useTranslation('orders');
  const id = useId();
  const { form, errors } = details;
  const ids = { email: `${id}-email`, country: `${id}-country`, vat: `${id}-vat` };
  const onEdit = () => (errors.email ?? errors.country ?? errors.vatNumber ?? errors.form) && form.clearErrors();
  return (
    <>
      <FormField id={ids.email} label={t('checkout.email')} error={errors.email} hint={t('checkout.emailHint')}>
        <Input id={ids.email} type="email" autoComplete="email" disabled={disabled} {...fieldAria(ids.email, errors.email)} {...form.register('email', { onChange: onEdit })} />
      </FormField>
      <div className={compact ? 'grid gap-4 sm:grid-cols-2' : 'contents'}>
        <FormField id={ids.country} label={t('checkout.country')} error={errors.country} hint={compact ? undefined : t('checkout.countryHint')}>
          <CountrySelect
            id={ids.country}
            autoComplete="country"
            disabled={disabled}
            placeholder={t('checkout.chooseCountry')}
            {...fieldAria(ids.country, errors.country)}
            {...form.register('country', { onChange: onEdit })}
          />
        </FormField>
        <FormField id={ids.vat} label={t('checkout.vatNumber')} error={errors.vatNumber}>
          <Input
            id={ids.vat}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="DE123456789"
            disabled={disabled}
            {...fieldAria(ids.vat, errors.vatNumber)}
            {...form.register('vatNumber', { onChange: onEdit })}
          />
        </FormField>
      </div>
    </>
  );
}
