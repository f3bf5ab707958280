import { ArrowRight } from 'lucide-react';
import type { CheckoutForm } from '#shared/orders-forms.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Notice } from '#web/components/notice.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TestModeBanner } from '#web/components/test-mode-banner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { CartItemRow } from '../components/cart-item-row.tsx';
import { CartState } from '../components/cart-state.tsx';
import { BuyerDetailsFields, useBuyerDetails } from '../components/buyer-details-fields.tsx';
import { CartTotals } from '../components/cart-totals.tsx';
import { DiscountCodeField } from '../components/discount-code-field.tsx';
import { giftChoices, giftsOf, useGiftChoices } from '../utils/gift-choices.ts';
import { guestCart } from '../utils/guest-cart.ts';
import { useCart } from '../utils/use-cart.ts';
import { useCartDiscount } from '../utils/use-cart-discount.ts';
import { chosenVersionsOf, namedPricesOf } from '../utils/cart-lines.ts';

/** /checkout: the buyer's e-mail (prefilled when signed in), country and VAT number, and the order summary, then payment. */
export function CheckoutPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('checkout.title'));
  const navigate = useNavigate();
  const cart = useCart();
  const start = useStartCheckout();
  const queryClient = useQueryClient();
  const choices = useGiftChoices();
  const details = useBuyerDetails();
  const { errors } = details;

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
          if (error instanceof ApiError && error.code === 'product_unavailable') void cart.refetch();
          // The code was used up (or changed) since it was applied: its box says so.
          if (error instanceof ApiError && error.code.startsWith('discount_')) void queryClient.invalidateQueries({ queryKey: ['discount-quote'] });
          details.showError(error);
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
              <form noValidate onSubmit={details.form.handleSubmit(onSubmit)} aria-label={t('checkout.formLabel')} className="grid gap-4">
                <h2 className="text-lg font-semibold">{t('checkout.contact')}</h2>
                <BuyerDetailsFields details={details} disabled={start.isPending} />
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
