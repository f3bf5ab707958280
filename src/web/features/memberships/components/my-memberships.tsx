import { Download, Repeat } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Membership } from '#shared/memberships-api.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { selectClass } from '#web/components/ui/select.ts';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { formatDate, formatMoney } from '#web/lib/format.ts';
import type { CardFormComponent } from '#web/lib/card-form-slot.ts';
import { useCheckoutReturn } from '#web/lib/checkout-return.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useConfirmMembershipCheckout, useMembershipAction, useMyMemberships, usePlan } from '../api/memberships.ts';
import { MembershipCardUpdate } from './membership-card-update.tsx';
import { StatusBadge } from './status-badge.tsx';

const JOIN_PARAMS = ['membership'] as const;

/** The library's "Memberships": each with its status and next charge, and Cancel, Resume, Change tier. */
export function MyMemberships({ CardForm }: { CardForm: CardFormComponent }) {
  const { t } = useTranslation('memberships');
  const { data: user } = useCurrentUser();
  const memberships = useMyMemberships(Boolean(user));
  // Back from Stripe Checkout (`?membership=joined&checkout=…`): the new membership is shown at once.
  const confirming = useCheckoutReturn(Boolean(user), useConfirmMembershipCheckout(), JOIN_PARAMS);
  if (!user) return null;
  if (memberships.isPending || confirming) return <LoadingState label={t('library.loading')} className="py-6" />;
  if (memberships.isError) {
    return <LoadFailedNotice title={t('library.loadFailed')} error={memberships.error} namespace="memberships" onRetry={() => void memberships.refetch()} retrying={memberships.isFetching} />;
  }
  if (memberships.data.items.length === 0) return null;
  return (
    <section aria-labelledby="my-memberships-title" className="grid gap-4">
      <h2 id="my-memberships-title" className="flex items-center gap-2 text-xl font-semibold">
        <Repeat aria-hidden="true" className="size-5 text-brand-soft" /> {t('library.title')}
      </h2>
      <ul aria-label={t('library.title')} className="grid gap-4 lg:grid-cols-2">
        {memberships.data.items.map((membership) => (
          <li key={membership.id} className="grid">
            <MembershipCard membership={membership} CardForm={CardForm} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function MembershipCard({ membership, CardForm }: { membership: Membership; CardForm: CardFormComponent }) {
  const { t } = useTranslation('memberships');
  const action = useMembershipAction();
  const [confirming, setConfirming] = useState(false);
  const [changing, setChanging] = useState(false);
  const live = membership.status === 'trialing' || membership.status === 'active';
  const price = t(`join.${membership.interval}`, { price: formatMoney(membership.priceCents, membership.currency) });

  const run = (input: Parameters<typeof action.mutate>[0], done: string) =>
    action.mutate(input, {
      onSuccess: () => {
        setConfirming(false);
        setChanging(false);
        showToast({ title: done, variant: 'success' });
      },
      onError: (error) => {
        if (input.action !== 'cancel') showToast({ title: t('library.failed'), description: localizeError(error, 'memberships'), variant: 'error' });
      },
    });

  let when: string;
  if (membership.status === 'past_due' && membership.graceEndsAt) when = t('library.graceEnds', { date: formatDate(membership.graceEndsAt) });
  else if (membership.nextChargeAt) when = t('library.nextCharge', { date: formatDate(membership.nextChargeAt) });
  else if (live) when = t('library.accessUntil', { date: formatDate(membership.currentPeriodEnd) });
  else when = t('library.endedOn', { date: formatDate(membership.endedAt ?? membership.currentPeriodEnd) });

  return (
    <Card className="grid gap-3 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{membership.tierName ? `${membership.productName} (${membership.tierName})` : membership.productName}</h3>
          {membership.creatorName ? <p className="text-sm text-muted-foreground">{t('library.by', { name: membership.creatorName })}</p> : null}
        </div>
        <StatusBadge status={membership.status} />
      </div>
      <p className="text-sm">{price}</p>
      <p className="text-sm text-muted-foreground">{when}</p>
      {membership.creditCents > 0 ? <p className="text-sm text-muted-foreground">{t('library.credit', { amount: formatMoney(membership.creditCents, membership.currency) })}</p> : null}
      <div className="flex flex-wrap gap-2">
        {live || membership.status === 'past_due' ? (
          <Button asChild variant="outline" size="sm">
            <a href={`/api/memberships/${membership.id}/download`} download>
              <Download aria-hidden="true" /> {t('library.download')}
            </a>
          </Button>
        ) : null}
        {live && membership.cancelAtPeriodEnd ? (
          <Button size="sm" disabled={action.isPending} onClick={() => run({ id: membership.id, action: 'resume' }, t('library.resumed'))}>
            {t('library.resume')}
          </Button>
        ) : null}
        {live && !membership.cancelAtPeriodEnd && membership.versionId ? (
          <Button variant="outline" size="sm" aria-expanded={changing} onClick={() => setChanging((open) => !open)}>
            {t('library.changeTier')}
          </Button>
        ) : null}
        {(live && !membership.cancelAtPeriodEnd) || membership.status === 'past_due' ? (
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            trigger={
              <Button variant="outline" size="sm">
                {t('library.cancel')}
              </Button>
            }
            title={t('library.cancelTitle', { name: membership.productName })}
            description={membership.status === 'past_due' ? t('library.cancelNow') : t('library.cancelText', { date: formatDate(membership.currentPeriodEnd) })}
            error={action.isError && confirming ? localizeError(action.error, 'memberships') : undefined}
            cancelLabel={t('library.keep')}
            confirmLabel={t('library.confirmCancel')}
            pendingLabel={t('library.canceling')}
            pending={action.isPending}
            onConfirm={() => run({ id: membership.id, action: 'cancel' }, t('library.canceled'))}
          />
        ) : null}
      </div>
      {membership.status === 'past_due' ? <MembershipCardUpdate membership={membership} CardForm={CardForm} /> : null}
      {changing && membership.productId ? (
        <TierChange membership={membership} pending={action.isPending} onChange={(versionId) => run({ id: membership.id, action: 'tier', versionId }, t('library.tierChanged'))} />
      ) : null}
    </Card>
  );
}

function TierChange({ membership, pending, onChange }: { membership: Membership; pending: boolean; onChange: (versionId: string) => void }) {
  const { t } = useTranslation('memberships');
  const id = useId();
  const plan = usePlan(membership.productId ?? '');
  const options = (plan.data?.tiers ?? []).filter((tier) => tier.versionId && tier.versionId !== membership.versionId && (membership.interval === 'month' ? tier.monthlyCents : tier.yearlyCents) !== null);
  const [choice, setChoice] = useState('');
  const picked = choice || options[0]?.versionId || '';
  if (plan.isPending) return <LoadingState label={t('library.loading')} className="py-2" />;
  if (options.length === 0) return <p className="text-sm text-muted-foreground">{t('library.noOtherTier')}</p>;
  return (
    <form
      className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (picked) onChange(picked);
      }}
    >
      <div className="grid gap-1">
        <label htmlFor={`${id}-tier`} className="text-sm font-medium">
          {t('library.newTier')}
        </label>
        <select id={`${id}-tier`} className={selectClass} value={picked} onChange={(event) => setChoice(event.target.value)} disabled={pending}>
          {options.map((tier) => (
            <option key={tier.versionId} value={tier.versionId!}>
              {`${tier.name} — ${formatMoney((membership.interval === 'month' ? tier.monthlyCents : tier.yearlyCents) ?? 0, membership.currency)}`}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" size="sm" className="h-10" disabled={pending}>
        {t('library.applyTier')}
      </Button>
      <p className="text-xs text-muted-foreground sm:col-span-2">{t('library.prorationNote')}</p>
    </form>
  );
}
