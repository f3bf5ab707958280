import { useQueryClient } from '@tanstack/react-query';
import { Clock, Landmark, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { payoutRequestIssue } from '#shared/payouts.ts';
import { splitTitledMessage } from '#shared/invoices.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { localizeCoded } from '#web/lib/server-message.ts';
import { usePayoutAccount } from '../api/get-payout-account.ts';
import { usePayouts } from '../api/get-payouts.ts';
import { useConnectReturn } from '../api/refresh-payout-account.ts';
import { PAYOUTS_QUERY_KEY } from '../api/types.ts';
import { PayoutHistory } from '../components/payout-history.tsx';
import { BalanceAdjustments } from '../components/balance-adjustments.tsx';
import { PayoutAccountCard } from '../components/payout-account-card.tsx';
import { PayoutMethodDialog } from '../components/payout-method-dialog.tsx';
import { RequestPayoutDialog } from '../components/request-payout-dialog.tsx';
import { formatMoney } from '#web/lib/format.ts';
import { isHeldByPlatform } from '../utils/connect.ts';
import { methodLabel } from '../utils/method-label.ts';
import { billingError } from '../utils/messages.ts';

/**
 * /dashboard/payouts (SPEC §2 Payouts page): balance, payout method, Request Payout, history, and the
 * payout account at the provider (decision 035), read again on the way back from its onboarding.
 */
export function PayoutsPage() {
  const { t } = useTranslation('payouts');
  usePageTitle(t('payouts.title'));
  const queryClient = useQueryClient();
  const { data, isPending, isError, error, refetch, isFetching } = usePayouts();
  const account = usePayoutAccount();
  const connectReturn = useConnectReturn();
  // The payout account's key is under PAYOUTS_QUERY_KEY: these refresh it too.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PAYOUTS_QUERY_KEY });
  // An admin processed a payout, a sale or an invoice was paid or refunded, another tab changed the method
  // or the payout account changed at the provider: refresh.
  useRealtimeEvent('payouts.changed', refresh);
  useRealtimeEvent('invoices.changed', refresh);
  useRealtimeEvent('sales.changed', refresh);

  const header = (
    <div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('payouts.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('payouts.intro')}</p>
    </div>
  );

  if (isPending) {
    return (
      <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6">
        {header}
        <LoadingState label={t('payouts.loading')} />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6">
        {header}
        <div role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-100">
          <p>{t('payouts.loadFailed', { reason: billingError(error) })}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()} disabled={isFetching}>
            {t('common.tryAgain')}
          </Button>
        </div>
      </div>
    );
  }

  // Why Request Payout is disabled, in the spec's words ('Setup Required: …', 'No Funds: …'), or a balance under the minimum.
  // A creator whose payout account takes payouts has nothing held here to ask for: no notice then.
  const paidByProvider = account.data?.account?.status === 'payouts_enabled' && data.balanceCents === 0;
  const problem = paidByProvider ? undefined : payoutRequestIssue(data.method, data.balanceCents, data.currency);
  const shownProblem = problem ? splitTitledMessage(localizeCoded(problem, 'payouts')) : undefined;
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6">
      {header}
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('payouts.balanceTitle')}</CardTitle>
            <CardDescription>{t('payouts.balanceIntro')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p className="text-4xl font-bold tracking-tight tabular-nums" aria-live="polite">
              {formatMoney(data.balanceCents, data.currency)}
            </p>
            {isHeldByPlatform(account.data) ? (
              <p className="-mt-2 flex items-center gap-2 text-sm font-medium text-amber-200">
                <Landmark aria-hidden="true" className="size-4 shrink-0" /> {t('account.held')}
              </p>
            ) : null}
            {data.testBalanceCents > 0 ? (
              <div className="rounded-lg border border-border p-3 text-sm">
                <p className="flex justify-between gap-4">
                  <span>{t('payouts.testBalanceTitle')}</span>
                  <span className="font-semibold tabular-nums">{formatMoney(data.testBalanceCents, data.currency)}</span>
                </p>
                <p className="mt-1 text-muted-foreground">{t('payouts.testBalanceNote')}</p>
              </div>
            ) : null}
            <div>
              <RequestPayoutDialog disabled={problem !== undefined} balanceCents={data.balanceCents} currency={data.currency} method={data.method} />
            </div>
            {shownProblem ? (
              <Notice variant="info" title={shownProblem.title}>
                {shownProblem.description}
              </Notice>
            ) : null}
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Clock aria-hidden="true" className="size-4 shrink-0" /> {t('errors.payoutNote')}
            </p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('payouts.methodTitle')}</CardTitle>
            <CardDescription>{t('payouts.methodCardIntro')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="flex items-center gap-3 rounded-lg border border-border p-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-brand-soft">
                <Wallet aria-hidden="true" className="size-5" />
              </span>
              <p className="min-w-0 break-words">{data.method ? methodLabel(data.method, t) : t('payouts.noMethod')}</p>
            </div>
            <div>
              <PayoutMethodDialog current={data.method} />
            </div>
          </CardContent>
        </Card>
      </div>

      <PayoutAccountCard query={account} currency={data.currency} returned={connectReturn.returned} refreshError={connectReturn.refresh.error} />

      <Card>
        <CardHeader>
          <CardTitle>{t('payouts.historyTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="px-0 pb-2 sm:px-2">
          <PayoutHistory payouts={data.payouts} />
        </CardContent>
      </Card>
      <BalanceAdjustments adjustments={data.adjustments} />
    </div>
  );
}
