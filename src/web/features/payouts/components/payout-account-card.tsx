import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '#shared/money.ts';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Notice } from '#web/components/notice.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import type { ConnectReturn } from '../api/refresh-payout-account.ts';
import type { PayoutAccount, PayoutAccountOverview } from '../api/types.ts';
import { needsDetails, requirementLabel } from '../utils/connect.ts';
import { billingError } from '../utils/messages.ts';
import { ConnectAccountButton } from './connect-account-button.tsx';
import { ConnectedMoney } from './connected-money.tsx';
import { PayoutAccountStatusBadge } from './payout-account-status-badge.tsx';

interface PayoutAccountQuery {
  data: PayoutAccountOverview | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The Payouts page's "Payout account" card (Stripe Connect Express, decision 035): connecting one, its
 * state at the provider (details needed, pending verification, payouts enabled) and its money there.
 * Not shown where the platform offers no payout accounts, nor before the first answer.
 */
export function PayoutAccountCard({
  query,
  currency,
  returned,
  refreshError,
}: {
  query: PayoutAccountQuery;
  /** The store's currency: what was transferred is in it. */
  currency: Currency;
  /** How the provider's onboarding sent the creator back, if it just did. */
  returned: ConnectReturn | null;
  /** Why the account's state could not be read from the provider on the way back, if it could not. */
  refreshError: unknown;
}) {
  const { t } = useTranslation('payouts');
  const { data } = query;
  if (query.isError && !data) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{t('account.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <LoadFailedNotice title={t('account.loadFailed')} error={query.error} namespace="payouts" onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </CardContent>
      </Card>
    );
  }
  if (!data?.available) return null;
  const { account } = data;
  const stillHeld = account?.status !== 'payouts_enabled';
  // What the card says below its heading, if anything: none once payouts are enabled and the provider holds no money.
  const body = [
    refreshError ? (
      <Notice key="refresh" variant="error" title={t('account.refreshFailed')}>
        {billingError(refreshError)}
      </Notice>
    ) : null,
    returned === 'refresh' && account && needsDetails(account.status) ? <Notice key="expired">{t('account.linkExpired')}</Notice> : null,
    data.unconnectedSellers === 'connect_first' && stillHeld ? <Notice key="connect-first">{t('account.connectFirst')}</Notice> : null,
    account ? null : <ConnectAccountButton key="connect" label={t('account.connect')} />,
    account && (account.requirements.length > 0 || needsDetails(account.status)) ? <AccountDetails key="details" account={account} /> : null,
    data.balances.length > 0 ? <ConnectedMoney key="money" overview={data} currency={currency} /> : null,
  ].filter(Boolean);

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="flex items-center gap-2">
            <Landmark aria-hidden="true" className="size-5 text-brand-soft" /> {t('account.title')}
          </CardTitle>
          {account ? (
            <>
              <span className="sr-only">{t('account.statusLabel')}</span>
              <PayoutAccountStatusBadge status={account.status} />
            </>
          ) : null}
          {account?.testMode ? (
            <span className="inline-flex items-center rounded-full border border-border px-2.5 py-0.5 text-xs font-semibold text-muted-foreground">{t('account.testAccount')}</span>
          ) : null}
        </div>
        <CardDescription>{account ? t(`account.statusText.${account.status}`) : t('account.intro')}</CardDescription>
      </CardHeader>
      {body.length > 0 ? <CardContent className="grid gap-4">{body}</CardContent> : null}
    </Card>
  );
}

/** What the provider still needs, and Finish setup while details are missing. */
function AccountDetails({ account }: { account: PayoutAccount }) {
  const { t } = useTranslation('payouts');
  return (
    <>
      {account.requirements.length > 0 ? (
        <div className="grid gap-1 text-sm">
          <p className="font-medium">{t('account.requirements')}</p>
          <ul className="list-disc ps-5 text-muted-foreground">
            {account.requirements.map((requirement) => (
              <li key={requirement} className="break-words">
                {requirementLabel(requirement)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {needsDetails(account.status) ? <ConnectAccountButton label={t('account.finishSetup')} /> : null}
    </>
  );
}
