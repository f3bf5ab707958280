import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useCart } from '../utils/use-cart.ts';

/** Add to Cart on a product page; once the product is in the cart it leads to the cart instead. */
export function AddToCartButton({ product }: { product: { id: string; name: string } }) {
  const { t } = useTranslation('commerce');
  const cart = useCart();
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
      showToast({ title: t('cart.addFailed'), description: localizeError(error, 'commerce'), variant: 'error' });
    }
  };
  return (
    <Button size="lg" onClick={() => void add()} disabled={cart.isChanging || cart.isPending}>
      <ShoppingCart aria-hidden="true" /> {t('cart.add')}
    </Button>
  );
}
