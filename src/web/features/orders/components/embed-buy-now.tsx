import { ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { embedPagePath } from '#shared/embed.ts';
import type { ProductDetails } from '#shared/products-api.ts';
import { Notice } from '#web/components/notice.tsx';
import { chosenVersion, usePriceChoices, useVersionChoices } from '#web/lib/price-choices.ts';
import { BuyNowScreen, type BuyNowWays } from './buy-now-dialog.tsx';
import { NamedPriceField } from './named-price-field.tsx';
import { VersionPicker } from './version-picker.tsx';

/** The product as the embed sells it: what its page shows to choose from (the product API's answer). */
export type EmbedProduct = Pick<ProductDetails, 'id' | 'name' | 'priceCents' | 'currency' | 'payWhatYouWant' | 'suggestedPriceCents' | 'versions'>;

/**
 * The Buy now screen on its own, in the embed's frame (/embed/product/{id}): the version and amount to
 * choose when the product has them, then the same screen as the dialog. Paid, the receipt opens in the
 * frame; Stripe's page cannot be framed, so it opens in a new tab and the frame says so.
 */
export function EmbedBuyNow({ product }: { product: EmbedProduct }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const screen = useRef<HTMLDivElement>(null);
  const [stripeUrl, setStripeUrl] = useState<string>();
  const version = chosenVersion(product, useVersionChoices());
  const named = usePriceChoices()[product.id];
  const minimum = version?.priceCents ?? product.priceCents;
  const start = named !== undefined && named >= minimum ? named : ((version ? null : product.suggestedPriceCents) ?? minimum);
  // The e-mail first, as in the dialog: it is what the buyer gives (the frame gets the focus from the overlay).
  useEffect(() => screen.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus({ preventScroll: true }), []);

  const ways: BuyNowWays = {
    paid: ({ orderId, receiptPath }) => {
      if (receiptPath) void navigate(embedPagePath(receiptPath), { state: { justPaid: true } });
      else window.open(`/checkout/${orderId}`, '_blank', 'noopener');
    },
    redirect: (url) => {
      setStripeUrl(url);
      window.open(url, '_blank', 'noopener');
    },
  };
  return (
    <div ref={screen} className="grid gap-4 p-6">
      <BuyNowScreen
        product={{ id: product.id, name: product.name, currency: product.currency, versionId: version?.id, amountCents: product.payWhatYouWant ? start : undefined }}
        active
        ways={ways}
        heading={
          // The overlay's close button sits in the top corner.
          <div className="grid gap-1 pr-12">
            <h1 className="text-lg leading-tight font-semibold">{t('buyNow.title', { name: product.name })}</h1>
            <p className="text-sm text-muted-foreground">{t('buyNow.description')}</p>
          </div>
        }
        choices={
          product.versions.length || product.payWhatYouWant ? (
            <div className="grid gap-4">
              {product.versions.length ? <VersionPicker productId={product.id} versions={product.versions} payWhatYouWant={product.payWhatYouWant} currency={product.currency} /> : null}
              {product.payWhatYouWant ? (
                <NamedPriceField key={version?.id ?? 'product'} productId={product.id} productName={product.name} currency={product.currency} minimumCents={minimum} startCents={start} />
              ) : null}
            </div>
          ) : null
        }
      />
      {stripeUrl ? (
        <Notice variant="info" title={t('embed.stripeTitle')}>
          <p>{t('embed.stripeBody')}</p>
          <a href={stripeUrl} target="_blank" rel="noopener" className="mt-2 inline-flex items-center gap-1 font-medium underline">
            {t('embed.stripeOpen')} <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only"> {t('embed.newTab')}</span>
          </a>
        </Notice>
      ) : null}
    </div>
  );
}
