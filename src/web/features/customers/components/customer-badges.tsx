import { useTranslation } from 'react-i18next';
import type { MembershipState, SubscriptionState } from '#shared/customers.ts';
import { cn } from '#web/lib/utils.ts';

const SUBSCRIPTION_TONE: Record<SubscriptionState, string> = {
  subscribed: 'bg-emerald-500/15 text-emerald-200',
  pending: 'bg-amber-500/15 text-amber-200',
  unsubscribed: 'bg-red-500/15 text-red-200',
  not_subscribed: 'bg-muted text-muted-foreground',
};

const badge = 'inline-flex md:whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold';

/** Whether the creator's posts reach the person, as a small label. */
export function SubscriptionBadge({ state }: { state: SubscriptionState }) {
  const { t } = useTranslation('customers');
  return <span className={cn(badge, SUBSCRIPTION_TONE[state])}>{t(`subscription.${state}`)}</span>;
}

/** The person's membership state; nothing for none. */
export function MembershipBadge({ state }: { state: MembershipState }) {
  const { t } = useTranslation('customers');
  if (state === 'none') return <span className="text-muted-foreground">—</span>;
  return <span className={cn(badge, state === 'cancelled' ? 'bg-muted text-muted-foreground' : 'bg-primary/15 text-brand-soft')}>{t(`membership.${state}`)}</span>;
}
