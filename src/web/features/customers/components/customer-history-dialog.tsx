import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { formatCount, formatDate, formatMoney } from '#web/lib/format.ts';
import { useCustomerHistory, type CustomerHistory } from '../api/customers.ts';
import { MembershipBadge, SubscriptionBadge } from './customer-badges.tsx';

interface Event {
  at: string;
  text: string;
}

/** The person's history as dated events, newest first: sales and their refunds, memberships, sign-up, follow, unsubscribe. */
function events(history: CustomerHistory, t: (key: string, options?: Record<string, unknown>) => string): Event[] {
  const list: Event[] = [];
  for (const sale of history.sales) {
    list.push({
      at: sale.createdAt,
      text: t('history.bought', {
        product: sale.productName,
        amount: formatMoney(sale.amountCents, sale.currency),
        discount: sale.discountCents > 0 ? t('history.discount', { amount: formatMoney(sale.discountCents, sale.currency) }) : '',
      }),
    });
    for (const refund of sale.refunds) list.push({ at: refund.createdAt, text: t('history.refunded', { product: sale.productName, amount: formatMoney(refund.amountCents, sale.currency) }) });
  }
  for (const membership of history.memberships) {
    const product = membership.tierName ? `${membership.productName} (${membership.tierName})` : membership.productName;
    list.push({ at: membership.startedAt, text: t(membership.trialEndsAt ? 'history.trialStarted' : 'history.joined', { product }) });
    if (membership.canceledAt) list.push({ at: membership.canceledAt, text: t('history.cancelled', { product }) });
    if (membership.endedAt) list.push({ at: membership.endedAt, text: t('history.ended', { product }) });
  }
  if (history.signUp) {
    list.push({ at: history.signUp.createdAt, text: t('history.signedUp') });
    if (history.signUp.confirmedAt) list.push({ at: history.signUp.confirmedAt, text: t('history.confirmed') });
  }
  if (history.followedAt) list.push({ at: history.followedAt, text: t('history.followed') });
  if (history.unsubscribedAt) list.push({ at: history.unsubscribedAt, text: t('history.unsubscribed') });
  return list.sort((a, b) => b.at.localeCompare(a.at));
}

/** A person's history with the creator, in a dialog opened from the list. */
export function CustomerHistoryDialog({ email, onClose }: { email: string | null; onClose: () => void }) {
  const { t } = useTranslation('customers');
  const eventsHeading = useId();
  const history = useCustomerHistory(email);

  let body;
  if (history.isPending) body = <LoadingState label={t('history.loading')} />;
  else if (history.isError) {
    body = <LoadFailedNotice title={t('history.loadFailed')} error={history.error} namespace="customers" onRetry={() => void history.refetch()} retrying={history.isFetching} />;
  } else {
    const { customer } = history.data;
    const list = events(history.data, t);
    body = (
      <div className="grid gap-5">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">{t('columns.spent')}</dt>
            <dd className="font-semibold tabular-nums">{formatMoney(customer.totalSpentCents, customer.currency)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('columns.purchases')}</dt>
            <dd className="font-semibold tabular-nums">{formatCount(customer.purchases)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('columns.membership')}</dt>
            <dd>
              <MembershipBadge state={customer.membership} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('columns.subscribed')}</dt>
            <dd>
              <SubscriptionBadge state={customer.subscription} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('columns.first')}</dt>
            <dd className="tabular-nums">{customer.firstPurchaseAt ? formatDate(customer.firstPurchaseAt) : '—'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('columns.last')}</dt>
            <dd className="tabular-nums">{customer.lastPurchaseAt ? formatDate(customer.lastPurchaseAt) : '—'}</dd>
          </div>
        </dl>
        <section className="grid gap-2" aria-labelledby={eventsHeading}>
          <h3 id={eventsHeading} className="font-semibold">
            {t('history.events')}
          </h3>
          <ol className="grid gap-2 text-sm">
            {list.map((event) => (
              <li key={`${event.at} ${event.text}`} className="flex flex-col gap-0.5 border-l-2 border-border pl-3 sm:flex-row sm:gap-3">
                <span className="shrink-0 text-muted-foreground tabular-nums sm:w-28">{formatDate(event.at)}</span>
                <span>{event.text}</span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    );
  }

  return (
    <Dialog open={email !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[92dvh] max-w-2xl overflow-y-auto">
        <div className="grid gap-1.5 pr-8">
          <DialogTitle className="break-all">{history.data?.customer.name ?? email}</DialogTitle>
          <DialogDescription className="break-all">{history.data?.customer.name ? email : t('history.description')}</DialogDescription>
        </div>
        {body}
      </DialogContent>
    </Dialog>
  );
}
