import { ArrowRight, Zap } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Currency } from '#shared/money.ts';
import type { CheckoutQuoteInput } from '#shared/orders-forms.ts';
import { Notice } from '#web/components/notice.tsx';
import { TestModeBanner } from '#web/components/test-mode-banner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatMoney } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useSite } from '#web/lib/site.ts';
import { useCheckoutQuote } from '../api/quote-checkout.ts';
import { receiptLinkOf } from '../api/get-receipt.ts';
import { payOrder } from '../api/pay-order.ts';
import { startCheckout } from '../api/start-checkout.ts';
import { BuyerDetailsFields, useBuyerDetails } from './buyer-details-fields.tsx';
import { TestCardForm } from './card-payment-form.tsx';
import { OrderTotals } from './order-totals.tsx';

/** The product as Buy now buys it: the version and amount chosen on its page, when it has them. */
export interface BuyNowProduct {
  id: string;
  name: string;
  currency: Currency;
  versionId?: string | undefined;
  /** Pay what you want: the amount named on the page. */
  amountCents?: number | undefined;
}

/** Where Buy now leads: the dialog's page navigates, the embed's frame stays framed (decision 032). */
export interface BuyNowWays {
  /** Paid: the receipt page's address (`/receipt/{token}`), or undefined when it could not be made now. */
  paid: (order: { orderId: string; receiptPath: string | undefined }) => void;
  /** On to the payment provider's own page (Stripe Checkout). */
  redirect: (url: string) => void;
}

/**
 * Buy now: the price (as the order will charge it, from POST /api/checkout/quote), the buyer's e-mail
 * and country, an optional code, and the card fields of the test provider (or on to Stripe's page), in
 * one screen. `heading` names it (the dialog's title, or the embed page's), `choices` (the embed's
 * version and amount) follow it; `active` prices it.
 */
export function BuyNowScreen({
  product,
  active,
  heading,
  choices,
  ways,
  onBusyChange,
}: {
  product: BuyNowProduct;
  active: boolean;
  heading: ReactNode;
  choices?: ReactNode;
  ways: BuyNowWays;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useTranslation('orders');
  const id = useId();
  const { data: site } = useSite();
  const [codeText, setCodeText] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusyState] = useState(false);
  const setBusy = (next: boolean) => {
    setBusyState(next);
    onBusyChange?.(next);
  };
  // A declined card leaves its order pending: the next try pays the same order while nothing changed.
  const pending = useRef<{ key: string; orderId: string } | undefined>(undefined);
  const details = useBuyerDetails();
  const { form, errors } = details;
  const country = useWatch({ control: form.control, name: 'country' });
  const quoteInput: CheckoutQuoteInput = {
    productIds: [product.id],
    ...(product.versionId ? { versions: [{ productId: product.id, versionId: product.versionId }] } : {}),
    ...(product.amountCents !== undefined ? { prices: [{ productId: product.id, amountCents: product.amountCents }] } : {}),
    ...(code ? { discountCode: code } : {}),
    ...(country ? { country } : {}),
  };
  const quote = useCheckoutQuote(quoteInput, active);
  const codeError = code && quote.error instanceof ApiError && quote.error.code.startsWith('discount_') ? localizeError(quote.error, 'orders') : undefined;
  const quoteError = quote.error && !codeError ? localizeError(quote.error, 'orders') : undefined;
  const codeId = `${id}-code`;
  const priced = quote.data && !quote.isPlaceholderData ? quote.data : undefined;
  const total = priced ? formatMoney(priced.totalCents, priced.currency) : undefined;

  /** Makes the order (or takes the pending one for the same purchase); undefined when refused (shown on the form). */
  const orderFor = async (): Promise<{ orderId: string; paid: boolean; redirect?: string } | undefined> => {
    if (!(await form.trigger())) return undefined;
    const { email, country: chosen, vatNumber } = form.getValues();
    const body = { ...quoteInput, email: email.trim(), ...(chosen ? { country: chosen } : {}), ...(vatNumber.trim() ? { vatNumber: vatNumber.trim() } : {}), buyNow: true };
    const key = JSON.stringify(body);
    if (pending.current?.key === key) return { orderId: pending.current.orderId, paid: false };
    try {
      const started = await startCheckout(body);
      if (started.start.type === 'redirect') return { orderId: started.orderId, paid: false, redirect: started.start.url };
      if (started.status === 'pending') pending.current = { key, orderId: started.orderId };
      return { orderId: started.orderId, paid: started.status === 'paid' };
    } catch (error) {
      details.showError(error);
      return undefined;
    }
  };

  const toReceipt = async (orderId: string) => {
    const link = await receiptLinkOf(orderId).catch(() => undefined);
    ways.paid({ orderId, receiptPath: link?.path });
  };

  /** The card form's submit: the order, then its payment; false when the order was refused (its field says why). */
  const payWithCard = async (card: { number: string; expiry: string; cvc: string }) => {
    setBusy(true);
    try {
      form.clearErrors();
      const order = await orderFor();
      if (!order) return false;
      if (!order.paid) await payOrder({ orderId: order.orderId, card });
      pending.current = undefined;
      await toReceipt(order.orderId);
      return true;
    } finally {
      setBusy(false);
    }
  };

  /** Without the card fields: a free product, or Stripe's own page. */
  const continueWithout = async () => {
    setBusy(true);
    form.clearErrors();
    try {
      const order = await orderFor();
      if (!order) return;
      if (order.redirect) ways.redirect(order.redirect);
      else if (order.paid) await toReceipt(order.orderId);
    } catch (error) {
      details.showError(error);
    } finally {
      setBusy(false);
    }
  };

  const free = priced?.totalCents === 0;
  const withCard = site?.payments === 'test' && !free;
  return (
    <>
      {heading}
      {choices}
      <TestModeBanner />
      <section aria-label={t('checkout.summary')} className="grid gap-2 rounded-lg border border-border p-4" aria-busy={quote.isFetching}>
        {quote.data ? (
          <>
            {quote.data.lines.map((line) => (
              <p key={line.productId} className="flex justify-between gap-4">
                <span className="min-w-0 break-words">
                  {line.name}
                  {line.versionName ? <span className="text-muted-foreground"> ({line.versionName})</span> : null}
                </span>
                <span className="shrink-0 tabular-nums">{formatMoney(line.priceCents, quote.data.currency)}</span>
              </p>
            ))}
            {quote.data.discountCents > 0 ? (
              <p className="flex justify-between gap-4 text-emerald-300">
                <span>{t('discount.line', { code })}</span>
                <span className="tabular-nums">−{formatMoney(quote.data.discountCents, quote.data.currency)}</span>
              </p>
            ) : null}
            <div className="grid gap-2 border-t border-border pt-2">
              <OrderTotals taxCents={quote.data.taxCents} totalCents={quote.data.totalCents} currency={quote.data.currency} />
            </div>
          </>
        ) : quote.isError ? null : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" /> {t('buyNow.pricing')}
          </p>
        )}
        {quoteError ? <Notice variant="error">{quoteError}</Notice> : null}
      </section>
      <form noValidate aria-label={t('checkout.contact')} className="grid gap-4" onSubmit={(event) => event.preventDefault()}>
        <BuyerDetailsFields details={details} disabled={busy} compact />
      </form>
      <form
        noValidate
        aria-label={t('buyNow.codeFormLabel')}
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setCode(codeText.trim());
        }}
      >
        <FormField id={codeId} label={t('discount.label')} error={codeError}>
          <div className="flex gap-2">
            <Input id={codeId} value={codeText} autoComplete="off" spellCheck={false} disabled={busy} onChange={(event) => setCodeText(event.target.value)} {...fieldAria(codeId, codeError)} />
            <Button type="submit" variant="outline" disabled={busy || !codeText.trim() || codeText.trim() === code}>
              {t('discount.apply')}
            </Button>
          </div>
        </FormField>
      </form>
      {errors.form ? <Notice variant="error">{errors.form}</Notice> : null}
      {withCard ? (
        <TestCardForm submit={payWithCard} onDone={() => undefined} pending={busy} submitLabel={total ? t('card.pay', { amount: total }) : t('buyNow.pricing')} />
      ) : (
        <SubmitButton size="lg" pending={busy} pendingLabel={t('checkout.starting')} disabled={!priced} onClick={() => void continueWithout()}>
          {free ? t('buyNow.getFree') : t('checkout.continue')} <ArrowRight aria-hidden="true" />
        </SubmitButton>
      )}
    </>
  );
}

/**
 * Buy now over the product page: a dialog on a wide screen, the whole screen on a phone; paid, the
 * receipt page opens. Closed, the focus goes back to `trigger` (the Buy now button).
 */
export function BuyNowDialog({ product, open, onOpenChange, trigger }: { product: BuyNowProduct; open: boolean; onOpenChange: (open: boolean) => void; trigger?: ReactNode }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // Paid: its receipt page, or the order's page (which opens the receipt too) if the link could not be made now.
  const ways: BuyNowWays = {
    paid: ({ orderId, receiptPath }) => void navigate(receiptPath ?? `/checkout/${orderId}`, { state: { justPaid: true } }),
    redirect: (url) => window.location.assign(url),
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent
        // The e-mail first: the price above is read, the e-mail is what the buyer gives.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement).querySelector<HTMLInputElement>('input[type="email"]')?.focus();
        }}
        className="max-sm:inset-0 max-sm:h-dvh max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0 max-h-dvh overflow-y-auto sm:max-h-[92dvh]">
        <BuyNowScreen
          product={product}
          active={open}
          ways={ways}
          onBusyChange={setBusy}
          heading={
            <div className="grid gap-1 pr-8">
              <DialogTitle>{t('buyNow.title', { name: product.name })}</DialogTitle>
              <DialogDescription>{t('buyNow.description')}</DialogDescription>
            </div>
          }
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Buy now beside Add to Cart (`openAtStart`: the page was opened for it, `?embed=1`), or on a product
 * card (`size="sm"`, named with the product for screen readers): straight to paying for this one product.
 */
export function BuyNowButton({
  product,
  disabled,
  openAtStart = false,
  onClosed,
  size = 'lg',
}: {
  product: BuyNowProduct;
  disabled?: boolean;
  openAtStart?: boolean;
  onClosed?: () => void;
  size?: 'lg' | 'sm';
}) {
  const { t } = useTranslation('orders');
  const [open, setOpenState] = useState(openAtStart);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    if (!next) onClosed?.();
  };
  return (
    <BuyNowDialog
      product={product}
      open={open}
      onOpenChange={setOpen}
      trigger={
        // The server's page has the same button (decision 037): a click there opens this dialog once the app took over.
        <Button
          size={size}
          disabled={disabled}
          aria-label={size === 'sm' ? t('buyNow.cardLabel', { name: product.name }) : undefined}
          data-takeover={size === 'sm' ? `buy-now:${product.id}` : 'buy-now'}
        >
          <Zap aria-hidden="true" /> {t('buyNow.button')}
        </Button>
      }
    />
  );
}
