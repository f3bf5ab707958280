import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '#web/components/notice.tsx';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { CartItemRow } from '../components/cart-item-row.tsx';
import { CartState } from '../components/cart-state.tsx';
import { CartTotals } from '../components/cart-totals.tsx';
import { DiscountCodeField } from '../components/discount-code-field.tsx';
import { NamedPriceField } from '../components/named-price-field.tsx';
import { OwnedGiftOption } from '../components/owned-gift-option.tsx';
import { giftsOf, useGiftChoices } from '../utils/gift-choices.ts';
import { useCart } from '../utils/use-cart.ts';
import { useCartDiscount } from '../utils/use-cart-discount.ts';
import { ORDER_MESSAGES } from '#shared/orders.ts';

/** /cart: the items with Remove, the total and the way to checkout. */
export function CartPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('cart.title'));
  const cart = useCart();
  const choices = useGiftChoices();
  const discount = useCartDiscount(cart.contents?.items ?? []);
  // Shown once the buyer tried to check out with an owned line that is not a valid gift.
  const [tried, setTried] = useState(false);
  const remove = async (id: string) => {
    try {
      await cart.remove(id);
    } catch (error) {
      showToast({ title: t('cart.removeFailed'), description: localizeError(error, 'orders'), variant: 'error' });
    }
  };
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('cart.title')}</h1>
      <CartState cart={cart}>
        {(contents) => {
          const { problems } = giftsOf(contents.items, choices);
          const blocked = Object.keys(problems).length > 0;
          const problemOf = (id: string) => (tried && problems[id] && problems[id] !== 'needsGift' ? fieldMessage(problems[id], 'orders', ORDER_MESSAGES) : undefined);
          const owned = contents.items.filter((item) => item.owned && problems[item.id] === 'needsGift');
          return (
            <Card className="p-6">
              <ul aria-label={t('cart.itemsLabel')} className="divide-y divide-border">
                {contents.items.map((item) => (
                  <CartItemRow key={item.id} item={item} discountCents={discount.discountOf(item.id)} onRemove={() => void remove(item.id)} removing={cart.isChanging}>
                    {item.payWhatYouWant ? (
                      <NamedPriceField
                        productId={item.id}
                        productName={item.name}
                        currency={item.currency}
                        minimumCents={cart.minimumOf(item.id)}
                        startCents={item.priceCents}
                      />
                    ) : null}
                    {item.owned ? <OwnedGiftOption productId={item.id} email={choices[item.id]} error={problemOf(item.id)} /> : null}
                  </CartItemRow>
                ))}
              </ul>
              {tried && owned.length > 0 ? (
                <Notice variant="error">
                  {t('errors.already_owned', { products: owned.map((item) => item.name).join(', ') })}
                </Notice>
              ) : null}
              <div className="mt-4 grid grid-cols-1 gap-4 border-t border-border pt-4 sm:grid-cols-2 sm:items-start">
                <DiscountCodeField discount={discount} currency={contents.currency} />
                <CartTotals subtotalCents={contents.totalCents} currency={contents.currency} discount={discount} />
              </div>
              <div className="mt-4 flex justify-end">
                <Button asChild size="lg">
                  <Link
                    to="/checkout"
                    onClick={(event) => {
                      setTried(true);
                      if (blocked) event.preventDefault();
                    }}
                  >
                    {t('cart.checkout')} <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              </div>
            </Card>
          );
        }}
      </CartState>
    </div>
  );
}
