import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/utils.ts';
import type { PayoutAccountStatus } from '../api/types.ts';

const STYLES: Record<PayoutAccountStatus, string> = {
  details_needed: 'border-amber-500/40 bg-amber-500/15 text-amber-200',
  pending_verification: 'border-violet-500/40 bg-violet-500/15 text-violet-200',
  payouts_enabled: 'border-emerald-500/40 bg-emerald-500/15 text-emerald-300',
};

/** The payout account's state in words: details needed (amber), pending verification (violet), payouts enabled (green). */
export function PayoutAccountStatusBadge({ status }: { status: PayoutAccountStatus }) {
  const { t } = useTranslation('payouts');
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', STYLES[status])}>{t(`account.status.${status}`)}</span>
  );
}
