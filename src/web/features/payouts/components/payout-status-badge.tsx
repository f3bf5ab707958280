import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/utils.ts';
import type { PayoutStatus } from '../api/types.ts';

const STYLES: Record<PayoutStatus, string> = {
  completed: 'border-emerald-500/40 bg-emerald-500/15 text-emerald-300',
  processing: 'border-amber-500/40 bg-amber-500/15 text-amber-200',
  failed: 'border-red-500/40 bg-red-500/15 text-red-300',
};

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const { t } = useTranslation('payouts');
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', STYLES[status])}>{t(`status.${status}`)}</span>
  );
}
