import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DISCOUNT_MESSAGES } from '#shared/discounts.ts';
import { discountFormSchema, discountInputOf, emptyDiscountForm, type DiscountForm } from '#shared/discounts-form.ts';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { isApiError } from '#web/lib/api.ts';
import { useStoreCurrency } from '#web/lib/profile.ts';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useCreateDiscount } from '../api/create-discount.ts';
import { ProductPicker } from './product-picker.tsx';
import { selectClass } from '#web/components/ui/select.ts';
import { amountInputProps } from '#shared/money.ts';

/** A new code: its name, percent or amount off, which products, when, how often, from what order. */
export function DiscountForm() {
  const { t } = useTranslation('discounts');
  const id = useId();
  const create = useCreateDiscount();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DiscountForm>({ resolver: zodResolver(discountFormSchema), reValidateMode: 'onSubmit', defaultValues: emptyDiscountForm });
  const kind = useWatch({ control, name: 'kind' });
  const message = (name: keyof DiscountForm) => fieldMessage(errors[name]?.message, 'discounts', DISCOUNT_MESSAGES);
  const serverError = errors.root?.server?.message;
  // Fixed amounts and the minimum order are in the store's currency (whole yen have no decimals).
  const currency = useStoreCurrency();
  const amountField = (example: string, wholeExample: string) => {
    const { inputMode, placeholder } = amountInputProps(currency, example, wholeExample);
    return { inputMode, placeholder };
  };

  const submit = async (form: DiscountForm) => {
    try {
      const made = await create.mutateAsync(discountInputOf(form, new Date().getTimezoneOffset(), currency));
      reset(emptyDiscountForm);
      showToast({ title: t('create.doneTitle'), description: t('create.done', { code: made.code }), variant: 'success' });
    } catch (failure) {
      const text = localizeError(failure, 'discounts', t('common.unexpected'));
      if (isApiError(failure) && failure.code === 'discount_code_taken') setError('code', { message: text }, { shouldFocus: true });
      else setError('root.server', { message: text });
    }
  };

  const field = (name: 'code' | 'value' | 'maxUses' | 'minOrder' | 'startsOn' | 'endsOn', label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <FormField id={`${id}-${name}`} label={label} error={message(name)} hint={hint}>
      <Input id={`${id}-${name}`} autoComplete="off" {...fieldAria(`${id}-${name}`, message(name))} {...props} {...register(name)} />
    </FormField>
  );

  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label={t('create.formLabel')}>
      <fieldset disabled={isSubmitting} className="grid min-w-0 gap-5">
        <div className="grid gap-4 sm:grid-cols-3">
          {field('code', t('form.code'), { spellCheck: false, placeholder: 'SUMMER20', className: 'uppercase placeholder:normal-case' }, t('form.codeHint'))}
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-kind`}>{t('form.kind')}</Label>
            <select id={`${id}-kind`} className={selectClass} {...register('kind')}>
              <option value="percent">{t('form.percent')}</option>
              <option value="fixed">{t('form.fixed')}</option>
            </select>
          </div>
          {field('value', kind === 'percent' ? t('form.percentValue') : t('form.fixedValue', { currency }), kind === 'percent' ? { inputMode: 'numeric', placeholder: '20' } : amountField('5.00', '500'))}
        </div>
        <Controller control={control} name="productIds" render={({ field: picker }) => <ProductPicker id={`${id}-products`} value={picker.value} onChange={picker.onChange} />} />
        <div className="grid gap-4 sm:grid-cols-2">
          {field('startsOn', t('form.startsOn'), { type: 'date' }, t('form.optional'))}
          {field('endsOn', t('form.endsOn'), { type: 'date' }, t('form.optional'))}
          {field('maxUses', t('form.maxUses'), { inputMode: 'numeric', placeholder: t('form.unlimited') }, t('form.maxUsesHint'))}
          {field('minOrder', t('form.minOrder', { currency }), amountField('0.00', '0'), t('form.minOrderHint'))}
        </div>
        <div className="flex items-center gap-2">
          <input id={`${id}-once`} type="checkbox" className="size-4 shrink-0 cursor-pointer accent-violet-600" {...register('oncePerEmail')} />
          <Label htmlFor={`${id}-once`} className="cursor-pointer">
            {t('form.oncePerEmail')}
          </Label>
        </div>
        {serverError ? (
          <p role="alert" className="text-sm text-red-400">
            {serverError}
          </p>
        ) : null}
        <div className="flex justify-end">
          <SubmitButton pending={isSubmitting} pendingLabel={t('create.creating')}>
            {t('create.submit')}
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}
