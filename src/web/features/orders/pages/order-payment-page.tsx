import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatMoney } from '#web/lib/format.ts';
import { Notice } from '#web/components/notice.tsx';
import { TestModeBanner } from '#web/components/test-mode-banner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useOrder, type PublicOrder } from '../api/get-order.ts';
import { useReceiptLink } from '../api/get-receipt.ts';
import { CardPaymentForm } from '../components/card-payment-form.tsx';
import { OrderTotals } from '../components/order-totals.tsx';
import { AfterPurchaseLinks } from '../components/purchase-links.tsx';

function OrderSummary({ order }: { order: PublicOrder }) {
  const { t } = useTranslation('orders');
  return (
    <Card className="self-start p-6">
      <h2 className="text-lg font-semibold">{t('checkout.summary')}</h2>
      <ul className="mt-3 grid gap-2">
        {order.items.map((item) => (
          <li key={item.productId} className="flex justify-between gap-4">
            <span className="min-w-0 break-words">{item.name}</span>
            <span className="shrink-0 tabular-nums">{formatMoney(item.priceCents, order.currency)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-4 grid gap-2 border-t border-border pt-4">
        {/* The total includes the tax. */}
        <OrderTotals taxCents={order.taxCents} totalCents={order.totalCents} currency={order.currency} />
      </div>
    </Card>
  );
}

function PaidPanel() {
  const { t } = useTranslation('orders');
  const { data: user } = useCurrentUser();
  return (
    <Card className="grid justify-items-start gap-4 p-6" role="status">
      <CircleCheck aria-hidden="true" className="size-10 text-emerald-400" />
      <h2 className="text-2xl font-bold">{t('checkout.paidTitle')}</h2>
      <p className="text-muted-foreground">{t('checkout.paidBody')}</p>
      {user ? null : <p className="text-sm text-muted-foreground">{t('checkout.paidGuestHint')}</p>}
      <AfterPurchaseLinks primary />
    </Card>
  );
}

/** /checkout/{orderId}: pay the order (test card form, or waiting for Stripe's confirmation), then its receipt page. */
export function OrderPaymentPage() {
  const { orderId = '' } = useParams();
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const { data: order, isPending, isError, error, refetch, isFetching } = useOrder(orderId);
  usePageTitle(order?.status === 'paid' ? t('checkout.paidTitle') : t('checkout.payTitle'));
  // Paid (here, or on Stripe's page and back): the purchase ends on its receipt page.
  const receiptLink = useReceiptLink();
  const paid = order?.status === 'paid' && order.kind === 'products';
  const { mutate: openReceipt } = receiptLink;
  useEffect(() => {
    if (paid) openReceipt(orderId, { onSuccess: ({ path }) => void navigate(path, { replace: true, state: { justPaid: true } }) });
  }, [paid, orderId, openReceipt, navigate]);

  let body;
  if (isPending) body = <LoadingState label={t('checkout.loadingOrder')} />;
  else if (isError) {
    body = isApiError(error, 404) ? (
      <Notice variant="error" title={t('errors.orderNotFound')}>
        <Link to="/cart" className="underline">
          {t('checkout.backToCart')}
        </Link>
      </Notice>
    ) : (
      <div className="grid gap-3">
        <Notice variant="error">{localizeError(error, 'orders')}</Notice>
        <div>
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
            {t('common:tryAgain')}
          </Button>
        </div>
      </div>
    );
  } else if (order.status === 'paid') body = paid && !receiptLink.isError ? <LoadingState label={t('receipt.loading')} /> : <PaidPanel />;
  else if (order.status === 'failed') {
    body = (
      <Card className="grid justify-items-start gap-4 p-6">
        <CircleX aria-hidden="true" className="size-10 text-red-400" />
        <h2 className="text-2xl font-bold">{t('checkout.failedTitle')}</h2>
        <p className="text-muted-foreground">{order.failureMessage ?? t('checkout.failedBody')}</p>
        <Button asChild>
          <Link to="/cart">{t('checkout.backToCart')}</Link>
        </Button>
      </Card>
    );
  } else if (order.provider === 'stripe') body = <LoadingState label={t('checkout.waitingForStripe')} />;
  else {
    body = (
      <Card className="p-6">
        <h2 className="mb-4 text-lg font-semibold">{t('checkout.payWithCard')}</h2>
        <CardPaymentForm
          orderId={order.id}
          amountCents={order.totalCents}
          currency={order.currency}
          onPaid={() => showToast({ title: t('checkout.paidToast'), description: t('checkout.paidBody'), variant: 'success' })}
        />
      </Card>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{order?.status === 'paid' ? t('checkout.paidHeading') : t('checkout.payTitle')}</h1>
      <TestModeBanner />
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {order ? <OrderSummary order={order} /> : null}
        <div className={order ? '' : 'md:col-span-2'}>{body}</div>
      </div>
    </div>
  );
}
