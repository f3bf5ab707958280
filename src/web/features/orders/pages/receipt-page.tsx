import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { Receipt, ReceiptItem } from '#shared/orders-api.ts';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { formatDate, formatMoney } from '#web/lib/format.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useReceipt } from '../api/get-receipt.ts';
import { OrderTotals } from '../components/order-totals.tsx';
import { AddToLibrary } from '../components/add-to-library.tsx';
import { ReceiptDocuments } from '../components/receipt-documents.tsx';
import { AfterPurchaseLinks, PurchaseDownloadButton } from '../components/purchase-links.tsx';

/** What a line gives the buyer now: its file, its key (`licenseKey`, the licenses feature's), or why there is none. */
/** `gift`: the recipient's view, which shows no prices. */
function ReceiptLine({ item, currency, gift, licenseKey }: { item: ReceiptItem; currency: Receipt['currency']; gift: boolean; licenseKey: (item: ReceiptItem) => ReactNode }) {
  const { t } = useTranslation('orders');
  return (
    <li className="grid gap-2 py-4 first:pt-0 last:pb-0" data-testid="receipt-item">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="min-w-0 font-semibold break-words">
          {item.productName}
          {item.versionName ? <span className="font-normal text-muted-foreground"> ({item.versionName})</span> : null}
        </h3>
        {gift ? null : <span className="shrink-0 tabular-nums">{formatMoney(item.amountCents, currency)}</span>}
      </div>
      {item.creatorName ? <p className="text-sm text-muted-foreground">{t('cart.by', { name: item.creatorName })}</p> : null}
      {item.discountCents > 0 && !gift ? <p className="text-sm text-muted-foreground">{t('receipt.discount', { amount: formatMoney(item.discountCents, currency) })}</p> : null}
      {item.status === 'refunded' ? (
        <p className="w-fit rounded-full bg-red-500/15 px-2.5 py-0.5 text-xs font-medium text-red-200">{t('status.refunded')}</p>
      ) : item.refundedCents > 0 ? (
        <p className="text-sm text-muted-foreground">{t('library.partlyRefunded', { amount: formatMoney(item.refundedCents, currency) })}</p>
      ) : null}
      {item.giftEmail ? <p className="text-sm text-muted-foreground">{t('receipt.giftSent', { email: item.giftEmail })}</p> : null}
      {item.license ? licenseKey(item) : null}
      {item.downloadUrl ? (
        <div>
          <PurchaseDownloadButton url={item.downloadUrl} fileName={item.fileName} productName={item.productName} />
        </div>
      ) : item.membership && item.status === 'completed' ? (
        <p className="text-sm text-muted-foreground">{t('receipt.membership')}</p>
      ) : item.status === 'completed' && !item.giftEmail ? (
        <p className="text-sm text-muted-foreground">{t('library.unavailable')}</p>
      ) : null}
    </li>
  );
}

/** `justPaid`: the payer arrives from paying, and is told it went through. */
function ReceiptView({ token, receipt, justPaid, licenseKey }: { token: string; receipt: Receipt; justPaid: boolean; licenseKey: (item: ReceiptItem) => ReactNode }) {
  const { t } = useTranslation('orders');
  const sellers = receipt.sellers.map((seller) => seller.name).join(', ');
  // The stores' order numbers ("MAYA-0001"); an order paid before they existed goes by its id.
  const orderNumbers = receipt.sellers.flatMap((seller) => (seller.orderNumber ? [seller.orderNumber] : [])).join(', ') || receipt.orderId;
  return (
    <div className="grid gap-6">
      {justPaid ? (
        <div role="status" className="flex items-start gap-3 rounded-xl border border-emerald-500/30 bg-emerald-500/10 p-4">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-400" />
          <div className="grid gap-1">
            <h2 className="font-semibold">{t('checkout.paidTitle')}</h2>
            <p className="text-sm text-muted-foreground">{t('checkout.paidBody')}</p>
          </div>
        </div>
      ) : null}
      <div className="grid justify-items-start gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{receipt.giftFrom ? t('receipt.giftTitle') : t('receipt.title')}</h1>
        {receipt.giftFrom ? <p className="text-lg text-muted-foreground">{t('receipt.giftFrom', { email: receipt.giftFrom })}</p> : null}
        {sellers ? <p className="text-lg text-muted-foreground">{t('receipt.from', { sellers })}</p> : null}
        <p className="text-sm text-muted-foreground">
          {t('receipt.meta', { orderId: orderNumbers, date: formatDate(receipt.paidAt), email: receipt.buyerEmail })}
        </p>
      </div>
      {receipt.status === 'refunded' ? (
        <Notice variant="error" title={t('receipt.refundedTitle')}>
          {t('receipt.refundedBody', { amount: formatMoney(receipt.refundedCents, receipt.currency) })}
        </Notice>
      ) : receipt.status === 'partially_refunded' ? (
        <Notice variant="info">{t('receipt.partlyRefundedBody', { amount: formatMoney(receipt.refundedCents, receipt.currency) })}</Notice>
      ) : null}
      <Card className="p-6">
        <h2 className="mb-4 text-lg font-semibold">{t('receipt.items')}</h2>
        <ul aria-label={t('receipt.items')} className="divide-y divide-border">
          {receipt.items.map((item) => (
            <ReceiptLine key={item.saleId} item={item} currency={receipt.currency} gift={receipt.giftFrom !== null} licenseKey={licenseKey} />
          ))}
        </ul>
        {/* A gift's recipient sees what they were given, not what it cost. */}
        {receipt.giftFrom ? null : (
          <div className="mt-4 grid gap-2 border-t border-border pt-4">
            {receipt.discountCode ? (
              <p className="flex justify-between gap-4 text-sm text-muted-foreground">
                <span>{t('receipt.code')}</span>
                <span className="font-mono">{receipt.discountCode}</span>
              </p>
            ) : null}
            <OrderTotals taxCents={receipt.taxCents} totalCents={receipt.totalCents} currency={receipt.currency} />
          </div>
        )}
      </Card>
      {receipt.sellers.length && !receipt.giftFrom ? <ReceiptDocuments token={token} receipt={receipt} /> : null}
      <AddToLibrary token={token} email={receipt.buyerEmail} />
      <p className="text-sm text-muted-foreground">{t('receipt.keepHint')}</p>
      <AfterPurchaseLinks />
    </div>
  );
}

/** /receipt/{token}: where a purchase ends and what the buyer keeps: files, keys, and the receipt itself. */
export function ReceiptPage({ licenseKey }: { licenseKey: (item: ReceiptItem) => ReactNode }) {
  const { token = '' } = useParams();
  const { t } = useTranslation('orders');
  const justPaid = (useLocation().state as { justPaid?: boolean } | null)?.justPaid === true;
  usePageTitle(t('receipt.title'));
  const { data: receipt, isPending, isError, error, refetch, isFetching } = useReceipt(token);
  let body;
  if (isPending) body = <LoadingState label={t('receipt.loading')} />;
  else if (isError) {
    body = isApiError(error, 404) ? (
      <div className="grid gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t('receipt.title')}</h1>
        <Notice variant="error">{localizeError(error, 'orders')}</Notice>
        <div>
          <Button asChild variant="outline">
            <Link to="/library">{t('checkout.goToLibrary')}</Link>
          </Button>
        </div>
      </div>
    ) : (
      <div className="grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t('receipt.title')}</h1>
        <LoadFailedNotice title={t('receipt.loadFailed')} error={error} namespace="orders" onRetry={() => void refetch()} retrying={isFetching} />
      </div>
    );
  } else body = <ReceiptView token={token} receipt={receipt} justPaid={justPaid} licenseKey={licenseKey} />;
  return <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-12">{body}</div>;
}
