import { Gift, Library, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { giftChoices } from '../utils/gift-choices.ts';
import { useCart } from '../utils/use-cart.ts';

/** Bought already: "You own this" with the way to the library, and Buy as a gift (the cart asks for the recipient). */
function OwnedActions({ product }: { product: { id: string; name: string } }) {
  const { t } = useTranslation('orders');
  const cart = useCart();
  const navigate = useNavigate();
  const buyAsGift = async () => {
    try {
      if (!cart.has(product.id)) await cart.add(product.id);
      giftChoices.set(product.id, '');
      void navigate('/cart');
    } catch (error) {
      showToast({ title: t('cart.addFailed'), description: localizeError(error, 'orders'), variant: 'error' });
    }
  };
  return (
    <div className="grid gap-3" data-testid="owned-actions">
      <p className="font-semibold text-emerald-300">{t('owned.youOwnThis')}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/library">
            <Library aria-hidden="true" /> {t('owned.goToLibrary')}
          </Link>
        </Button>
        <Button size="lg" variant="secondary" onClick={() => void buyAsGift()} disabled={cart.isChanging || cart.isPending}>
          <Gift aria-hidden="true" /> {t('owned.buyAsGift')}
        </Button>
      </div>
    </div>
  );
}

/** Add to Cart on a product page; once the product is in the cart it leads to the cart instead. */
export function AddToCartButton({ product }: { product: { id: string; name: string; owned?: boolean } }) {
  const { t } = useTranslation('orders');
  const cart = useCart();
  if (product.owned) return <OwnedActions product={product} />;
  if (cart.has(product.id)) {
    return (
      <Button asChild size="lg" variant="secondary">
        <Link to="/cart">
          <ShoppingCart aria-hidden="true" /> {t('cart.inCart')}
        </Link>
      </Button>
    );
  }
  const add = async () => {
    try {
      await cart.add(product.id);
      showToast({ title: t('cart.added', { name: product.name }), description: t('cart.addedDescription'), variant: 'success' });
    } catch (error) {
      showToast({ title: t('cart.addFailed'), description: localizeError(error, 'orders'), variant: 'error' });
    }
  };
  return (
    <Button size="lg" onClick={() => void add()} disabled={cart.isChanging || cart.isPending}>
      <ShoppingCart aria-hidden="true" /> {t('cart.add')}
    </Button>
  );
}
