import { Gift, Library, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EMBED_QUERY } from '#shared/embed.ts';
import { namedPriceStart } from '#shared/orders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { giftChoices } from '../utils/gift-choices.ts';
import { useCart } from '../utils/use-cart.ts';
import type { Currency } from '#shared/money.ts';
import type { ProductVersion } from '#shared/products-api.ts';
import { chosenVersion, priceChoices, usePriceChoices, useVersionChoices, versionChoices } from '#web/lib/price-choices.ts';
import { NamedPriceField } from './named-price-field.tsx';
import { VersionPicker } from './version-picker.tsx';
import { BuyNowButton } from './buy-now-dialog.tsx';

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

/** The product as Add to Cart needs it; pay what you want adds the buyer's amount. */
export interface CartActionProduct {
  id: string;
  name: string;
  owned?: boolean;
  priceCents?: number;
  currency: Currency;
  payWhatYouWant?: boolean;
  suggestedPriceCents?: number | null;
  /** Product versions: the buyer picks one (its price is then the price, or the minimum). */
  versions?: ProductVersion[];
}

/**
 * Buy now and Add to Cart on a product page; once the product is in the cart the latter leads to the cart instead. With
 * pay what you want, the buyer names their amount first (kept for the cart, changeable there).
 */
export function AddToCartButton({ product }: { product: CartActionProduct }) {
  const { t } = useTranslation('orders');
  const cart = useCart();
  const choices = usePriceChoices();
  const version = chosenVersion(product, useVersionChoices());
  const named = choices[product.id];
  const { minimumCents: minimum, startCents: start } = namedPriceStart(product, version, named);
  const [typedValid, setTypedValid] = useState(true);
  // A creator's embed link opened without its script (`?embed=1`): Buy now is open at once.
  const [searchParams, setSearchParams] = useSearchParams();
  const embedOpened = searchParams.get(EMBED_QUERY) === '1';
  if (product.owned) return <OwnedActions product={product} />;
  // Buy now takes what the page shows: the version picked and the amount named.
  const buyNow = (
    <BuyNowButton
      product={{ id: product.id, name: product.name, currency: product.currency, versionId: version?.id, amountCents: product.payWhatYouWant ? start : undefined }}
      disabled={!typedValid}
      openAtStart={embedOpened}
      onClosed={() => {
        if (!embedOpened) return;
        const rest = new URLSearchParams(searchParams);
        rest.delete(EMBED_QUERY);
        setSearchParams(rest, { replace: true });
      }}
    />
  );
  if (cart.has(product.id)) {
    return (
      <div className="flex flex-col gap-3 sm:flex-row">
        {buyNow}
        <Button asChild size="lg" variant="secondary">
          <Link to="/cart">
            <ShoppingCart aria-hidden="true" /> {t('cart.inCart')}
          </Link>
        </Button>
      </div>
    );
  }
  const add = async () => {
    try {
      if (product.payWhatYouWant && named !== start) priceChoices.set(product.id, start);
      if (version) versionChoices.set(product.id, version.id);
      await cart.add(product.id);
      showToast({ title: t('cart.added', { name: product.name }), description: t('cart.addedDescription'), variant: 'success' });
    } catch (error) {
      showToast({ title: t('cart.addFailed'), description: localizeError(error, 'orders'), variant: 'error' });
    }
  };
  const button = (
    <div className="flex flex-col gap-3 sm:flex-row">
      {buyNow}
      <Button size="lg" variant="secondary" onClick={() => void add()} disabled={cart.isChanging || cart.isPending || !typedValid} data-takeover="add-to-cart">
        <ShoppingCart aria-hidden="true" /> {t('cart.add')}
      </Button>
    </div>
  );
  const picker = product.versions?.length ? <VersionPicker productId={product.id} versions={product.versions} payWhatYouWant={Boolean(product.payWhatYouWant)} currency={product.currency} /> : null;
  if (!product.payWhatYouWant && !picker) return button;
  return (
    <div className="grid w-full gap-4">
      {picker}
      {product.payWhatYouWant ? (
        <NamedPriceField
          key={version?.id ?? 'product'}
          productId={product.id}
          productName={product.name}
          currency={product.currency}
          minimumCents={minimum}
          startCents={start}
          onValidChange={setTypedValid}
        />
      ) : null}
      <div>{button}</div>
    </div>
  );
}
