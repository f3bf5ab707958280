import { productPath } from '#shared/products.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Handshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyAffiliations } from '#shared/affiliates-api.ts';
import type { Currency } from '#shared/money.ts';
import { balanceOwed } from '#shared/payouts.ts';
import { SALES_CHANGED_EVENT } from '#shared/sales.ts';
import { CopyButton } from '#web/components/copy-button.tsx';
import { Notice } from '#web/components/notice.tsx';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { formatCount, formatDate, formatMoney, formatPercent } from '#web/lib/format.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { AFFILIATES_QUERY_KEY, useMyAffiliations, type Affiliation } from '../api/affiliates.ts';

/** /dashboard/affiliates: the products the user promotes, each with their link, clicks, sales and earnings. */
export function AffiliatesPage() {
  const { t } = useTranslation('affiliates');
  usePageTitle(t('page.title'));
  const { data, isPending, isError, error, refetch, isFetching } = useMyAffiliations();
  const queryClient = useQueryClient();
  useRealtimeEvent(SALES_CHANGED_EVENT, () => void queryClient.invalidateQueries({ queryKey: AFFILIATES_QUERY_KEY }));

  let body;
  if (isPending) body = <LoadingState label={t('page.loading')} />;
  else if (isError) {
    body = <LoadFailedNotice title={t('page.loadFailed')} error={error} namespace="affiliates" onRetry={() => void refetch()} retrying={isFetching} />;
  } else if (data.items.length === 0) {
    body = (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border bg-card/50 p-8 text-center">
        <Handshake aria-hidden="true" className="size-8 text-brand-soft" />
        <p className="font-semibold">{t('list.empty')}</p>
        <p className="max-w-prose text-sm text-muted-foreground">{t('list.emptyHint')}</p>
        <Button asChild variant="outline">
          <Link to="/store">{t('list.toStore')}</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <ul className="grid gap-4" aria-label={t('list.title')}>
        {data.items.map((item) => (
          <AffiliationRow key={item.productId} item={item} />
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('page.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('page.intro')}</p>
      </div>
      {data && (data.items.length > 0 || data.balance.balanceCents !== 0) ? <Totals items={data.items} balance={data.balance} /> : null}
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>{t('list.title')}</CardTitle>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}

/**
 * The earnings of every product, one figure per currency (a balance never mixes them), and the balance
 * Payouts pays out, with the way there. A negative balance (refunds of commissions already paid out)
 * is shown as it is, with why payouts wait (decision 028).
 */
function Totals({ items, balance }: Pick<MyAffiliations, 'items' | 'balance'>) {
  const { t } = useTranslation('affiliates');
  const byCurrency = new Map<Currency, number>();
  for (const item of items) byCurrency.set(item.currency, (byCurrency.get(item.currency) ?? 0) + item.earningsCents);
  const owed = balanceOwed(balance.balanceCents);
  return (
    <Card className="min-w-0">
      <CardContent className="grid gap-4 pt-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <dl className="grid min-w-0 gap-4 sm:grid-cols-2 sm:gap-8">
            {byCurrency.size > 0 ? (
              <div className="min-w-0">
                <dt className="text-sm text-muted-foreground">{t('page.totalEarnings')}</dt>
                <dd className="text-3xl font-bold break-words tabular-nums" data-testid="affiliate-total">
                  {[...byCurrency].map(([currency, cents]) => formatMoney(cents, currency)).join(' · ')}
                </dd>
              </div>
            ) : null}
            <div className="min-w-0">
              <dt className="text-sm text-muted-foreground">{t('page.balance')}</dt>
              <dd className="text-3xl font-bold break-words tabular-nums" data-testid="affiliate-balance">
                {formatMoney(balance.balanceCents, balance.currency)}
              </dd>
            </div>
          </dl>
          <Button asChild variant="outline" className="self-start sm:self-auto">
            <Link to="/dashboard/payouts">{t('page.toPayouts')}</Link>
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">{t('page.balanceHint')}</p>
        {owed ? (
          <Notice title={t('page.onHoldTitle')}>{t('page.onHold', { balance: formatMoney(balance.balanceCents, balance.currency) })}</Notice>
        ) : null}
      </CardContent>
    </Card>
  );
}

function AffiliationRow({ item }: { item: Affiliation }) {
  const { t } = useTranslation('affiliates');
  const figures = [
    { label: t('list.clicks'), value: formatCount(item.clicks), testId: 'affiliate-clicks', wide: false },
    { label: t('list.sales'), value: formatCount(item.sales), testId: 'affiliate-sales', wide: false },
    // On a phone the earnings take a row of their own: an amount is never cut.
    { label: t('list.earnings'), value: formatMoney(item.earningsCents, item.currency), testId: 'affiliate-earnings', wide: true },
  ];
  return (
    <li className="grid min-w-0 gap-4 rounded-xl border border-border p-4" aria-label={item.productName}>
      <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
        <Link to={productPath({ id: item.productId })} className="min-w-0 font-semibold break-words underline-offset-4 hover:underline">
          {item.productName}
        </Link>
        <span className={item.commissionPercent === null ? 'text-sm text-muted-foreground' : 'text-sm font-medium text-brand-soft'}>
          {item.commissionPercent === null ? t('list.closed') : t('list.commission', { percent: formatPercent(item.commissionPercent) })}
        </span>
      </div>
      <div className="grid min-w-0 gap-1">
        <span className="text-xs text-muted-foreground">{t('list.yourLink')}</span>
        {item.shortUrl ? (
          <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center">
            <code className="min-w-0 rounded-md bg-muted px-3 py-2 font-mono text-sm break-all">{item.shortUrl}</code>
            <CopyButton
              text={item.shortUrl}
              size="sm"
              className="shrink-0 self-start sm:self-auto"
              label={t('list.copyLabel', { product: item.productName })}
              texts={{
                copy: t('list.copy'),
                done: () => ({ title: t('copy.doneTitle'), description: t('copy.done') }),
                failed: (failure) => ({ title: t('common.error'), description: localizeError(failure, 'affiliates', t('common.unexpected')) }),
              }}
            />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('list.noLink')}</p>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.testId} className={figure.wide ? 'col-span-2 min-w-0 rounded-lg bg-muted/50 p-3 sm:col-span-1' : 'min-w-0 rounded-lg bg-muted/50 p-3'}>
            <dt className="text-xs text-muted-foreground">{figure.label}</dt>
            <dd className="text-lg font-semibold break-words tabular-nums" data-testid={figure.testId}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">{t('list.joined', { date: formatDate(item.joinedAt) })}</p>
    </li>
  );
}
