import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRight } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { checkoutFormSchema, type CheckoutForm } from '#shared/orders-forms.ts';
import { TAX_MESSAGES } from '#shared/orders-tax.ts';
import { Notice } from '#web/components/notice.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TestModeBanner } from '#web/components/test-mode-banner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { i18n } from '#web/lib/i18n.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { CartItemRow } from '../components/cart-item-row.tsx';
import { CartState } from '../components/cart-state.tsx';
import { CartTotals } from '../components/cart-totals.tsx';
import { DiscountCodeField } from '../components/discount-code-field.tsx';
import { giftChoices, giftsOf, useGiftChoices } from '../utils/gift-choices.ts';
import { guestCart } from '../utils/guest-cart.ts';
import { useCart } from '../utils/use-cart.ts';
import { useCartDiscount } from '../utils/use-cart-discount.ts';
import { chosenVersionsOf, namedPricesOf } from '../utils/cart-lines.ts';
import { countryOfLanguage, countryOptions } from '../utils/countries.ts';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { selectClass } from '#web/components/ui/select.ts';

/** validation_failed names no field, only the check's message: a tax check's shows on its field. */
const TAX_FIELD_OF_MESSAGE: Partial<Record<string, 'country' | 'vatNumber'>> = {
  [TAX_MESSAGES.countryInvalid]: 'country',
  [TAX_MESSAGES.vatNumberInvalid]: 'vatNumber',
};

/** /checkout: the buyer's e-mail (prefilled when signed in), country and VAT number, and the order summary, then payment. */
export function CheckoutPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('checkout.title'));
  const id = useId();
  const navigate = useNavigate();
  const cart = useCart();
  const { data: user } = useCurrentUser();
  const start = useStartCheckout();
  const queryClient = useQueryClient();
  const choices = useGiftChoices();
  const emailId = `${id}-email`;
  const countryId = `${id}-country`;
  const vatId = `${id}-vat`;
  const language = i18n.language;
  const countries = useMemo(() => countryOptions(language), [language]);
  const defaultCountry = useMemo(() => countryOfLanguage(navigator.language), []);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors: found },
  } = useForm<CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', country: defaultCountry, vatNumber: '' },
    // Signed in, the e-mail is the account's until the buyer types another.
    values: { email: user?.email ?? '', country: defaultCountry, vatNumber: '' },
    resetOptions: { keepDirtyValues: true },
  });
  const errors = {
    email: fieldMessage(found.email?.message, 'orders', [ORDER_MESSAGES, TAX_MESSAGES]),
    country: fieldMessage(found.country?.message, 'orders', [ORDER_MESSAGES, TAX_MESSAGES]),
    vatNumber: fieldMessage(found.vatNumber?.message, 'orders', [ORDER_MESSAGES, TAX_MESSAGES]),
    form: found.root?.server?.message,
  };
  const onEdit = () => (errors.email ?? errors.country ?? errors.vatNumber) && clearErrors();

  const discount = useCartDiscount(cart.contents?.items ?? []);

  const onSubmit = ({ email, country, vatNumber }: CheckoutForm) => {
    if (start.isPending || !cart.contents || discount.checking) return;
    const productIds = cart.contents.items.map((item) => item.id);
    const { gifts } = giftsOf(cart.contents.items, choices);
    const prices = namedPricesOf(cart.contents.items);
    const versions = chosenVersionsOf(cart.contents.items);
    start.mutate(
      {
        email,
        productIds,
        ...(gifts.length ? { gifts } : {}),
        ...(discount.applied ? { discountCode: discount.applied.code } : {}),
        ...(prices.length ? { prices } : {}),
        ...(versions.length ? { versions } : {}),
        ...(country ? { country } : {}),
        ...(vatNumber ? { vatNumber } : {}),
      },
      {
        onSuccess: ({ orderId, start: how }) => {
          guestCart.setPendingOrder({ id: orderId, productIds });
          giftChoices.clear();
          if (how.type === 'redirect') window.location.assign(how.url);
          else void navigate(`/checkout/${orderId}`);
        },
        onError: (error) => {
          // payments_unavailable (no payment provider set up) is translated by its code.
          const message = error instanceof ApiError ? localizeError(error, 'orders') : t('card.unexpected');
          if (error instanceof ApiError && error.code === 'product_unavailable') void cart.refetch();
          // The code was used up (or changed) since it was applied: its box says so.
          if (error instanceof ApiError && error.code.startsWith('discount_')) void queryClient.invalidateQueries({ queryKey: ['discount-quote'] });
          const code = error instanceof ApiError ? error.code : undefined;
          const taxField = code === 'validation_failed' ? TAX_FIELD_OF_MESSAGE[error.message] : undefined;
          // A tax check's message stays in English: fieldMessage translates it by its code.
          if (taxField) setError(taxField, { message: error.message });
          else if (code === 'validation_failed') setError('email', { message });
          else if (code === 'country_required') setError('country', { message });
          else setError('root.server', { message });
        },
      },
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <Link to="/cart" className="text-sm text-muted-foreground hover:text-foreground">
          {t('checkout.backToCart')}
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{t('checkout.title')}</h1>
      </div>
      <TestModeBanner />
      <CartState cart={cart}>
        {(contents) => (
          <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <Card className="self-start p-6">
              <h2 className="text-lg font-semibold">{t('checkout.summary')}</h2>
              <ul aria-label={t('cart.itemsLabel')} className="divide-y divide-border">
                {contents.items.map((item) => (
                  <CartItemRow key={item.id} item={item} discountCents={discount.discountOf(item.id)} />
                ))}
              </ul>
              <div className="grid gap-4 border-t border-border pt-4">
                <DiscountCodeField discount={discount} currency={contents.currency} />
                <CartTotals subtotalCents={contents.totalCents} currency={contents.currency} discount={discount} />
              </div>
            </Card>
            <Card className="self-start p-6">
              <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('checkout.formLabel')} className="grid gap-4">
                <h2 className="text-lg font-semibold">{t('checkout.contact')}</h2>
                <FormField id={emailId} label={t('checkout.email')} error={errors.email} hint={t('checkout.emailHint')}>
                  <Input
                    id={emailId}
                    type="email"
                    autoComplete="email"
                    disabled={start.isPending}
                    {...fieldAria(emailId, errors.email)}
                    {...register('email', { onChange: onEdit })}
                  />
                </FormField>
                <FormField id={countryId} label={t('checkout.country')} error={errors.country} hint={t('checkout.countryHint')}>
                  <select
                    id={countryId}
                    autoComplete="country"
                    disabled={start.isPending}
                    className={selectClass}
                    {...fieldAria(countryId, errors.country)}
                    {...register('country', { onChange: onEdit })}
                  >
                    <option value="">{t('checkout.chooseCountry')}</option>
                    {countries.map(({ code, name }) => (
                      <option key={code} value={code}>
                        {name}
                      </option>
                    ))}
                  </select>
                </FormField>
                <FormField id={vatId} label={t('checkout.vatNumber')} error={errors.vatNumber}>
                  <Input
                    id={vatId}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    placeholder="DE123456789"
                    disabled={start.isPending}
                    {...fieldAria(vatId, errors.vatNumber)}
                    {...register('vatNumber', { onChange: onEdit })}
                  />
                </FormField>
                {errors.form ? <Notice variant="error">{errors.form}</Notice> : null}
                <SubmitButton size="lg" pending={start.isPending} pendingLabel={t('checkout.starting')}>
                  {t('checkout.continue')} <ArrowRight aria-hidden="true" />
                </SubmitButton>
              </form>
            </Card>
          </div>
        )}
      </CartState>
    </div>
  );
}
