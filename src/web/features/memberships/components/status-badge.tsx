import { useTranslation } from 'react-i18next';
import type { SubscriptionStatus } from '#shared/memberships.ts';
import { cn } from '#web/lib/utils.ts';

const TONE: Record<SubscriptionStatus, string> = {
  trialing: 'bg-primary/15 text-brand-soft',
  active: 'bg-emerald-500/15 text-emerald-200',
  past_due: 'bg-amber-500/15 text-amber-200',
  canceled: 'bg-muted text-muted-foreground',
  ended: 'bg-muted text-muted-foreground',
};

/** A membership's status as a small label. */
export function StatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation('memberships');
  return <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', TONE[status])}>{t(`status.${status}`)}</span>;
}
