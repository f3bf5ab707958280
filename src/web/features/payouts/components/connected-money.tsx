import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '#shared/money.ts';
import { formatDate, formatMoney } from '#web/lib/format.ts';
import { cn } from '#web/lib/utils.ts';
import type { PayoutAccountOverview } from '../api/types.ts';

type ConnectedPayout = PayoutAccountOverview['payouts'][number];

const PAYOUT_STYLES: Record<ConnectedPayout['status'], string> = {
  pending: 'border-amber-500/40 bg-amber-500/15 text-amber-200',
  in_transit: 'border-violet-500/40 bg-violet-500/15 text-violet-200',
  paid: 'border-emerald-500/40 bg-emerald-500/15 text-emerald-300',
  failed: 'border-red-500/40 bg-red-500/15 text-red-300',
  canceled: 'border-border bg-muted text-muted-foreground',
};

/**
 * The money in the payout account at the provider: available and pending per currency, what the
 * platform transferred to it (in the store's currency), and the provider's payouts to the bank.
 */
export function ConnectedMoney({ overview, currency }: { overview: PayoutAccountOverview; currency: Currency }) {
  const { t } = useTranslation('payouts');
  return (
    <div className="grid gap-5">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {overview.balances.flatMap((balance) =>
          (['available', 'pending'] as const).map((part) => (
            <div key={`${balance.currency}-${part}`} className="rounded-lg border border-border p-3">
              <dt className="text-xs text-muted-foreground">{t(`account.${part}`)}</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatMoney(part === 'available' ? balance.availableCents : balance.pendingCents, balance.currency)}</dd>
            </div>
          )),
        )}
        <div className="col-span-2 rounded-lg border border-border p-3 sm:col-span-1">
          <dt className="text-xs text-muted-foreground">{t('account.transferred')}</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatMoney(overview.transferredCents, currency)}</dd>
        </div>
      </dl>
      <ConnectedPayouts payouts={overview.payouts} />
    </div>
  );
}

/** The provider's payouts to the creator's bank, upcoming and past: amount, status in words, arrival date. */
function ConnectedPayouts({ payouts }: { payouts: ConnectedPayout[] }) {
  const { t } = useTranslation('payouts');
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {t('account.payoutsTitle')}
      </h3>
      {payouts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('account.payoutsEmpty')}</p>
      ) : (
        <ul className="grid gap-2">
          {payouts.map((payout) => (
            <li key={payout.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-border px-3 py-2 text-sm">
              <span className="flex items-center gap-3">
                <span className="font-semibold tabular-nums">{formatMoney(payout.amountCents, payout.currency)}</span>
                <span className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', PAYOUT_STYLES[payout.status])}>
                  {t(`account.payoutStatus.${payout.status}`)}
                </span>
              </span>
              <span className="text-muted-foreground">
                {t('account.arrival')} <time dateTime={payout.arrivalDate}>{formatDate(payout.arrivalDate)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
