import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanSubscription } from '#shared/plans-api.ts';
import { isUpgrade, planPriceCents, PLANS, type PlanId } from '#shared/plans.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { selectClass } from '#web/components/ui/select.ts';
import { formatDate, formatMoney } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { type PlanAction, useManagePlan } from '../api/manage-plan.ts';

const TONE: Record<PlanSubscription['status'], string> = {
  trialing: 'bg-primary/15 text-brand-soft',
  active: 'bg-emerald-500/15 text-emerald-200',
  past_due: 'bg-amber-500/15 text-amber-200',
  canceled: 'bg-muted text-muted-foreground',
  ended: 'bg-muted text-muted-foreground',
};

/** The plan the account pays for: its price, next charge, a change waiting for the period's end, and Change, Cancel, Resume. */
export function PlanSubscriptionPanel({ subscription }: { subscription: PlanSubscription }) {
  const { t } = useTranslation('plans');
  const id = useId();
  const manage = useManagePlan();
  const [confirming, setConfirming] = useState(false);
  const [changing, setChanging] = useState(false);
  const planName = (plan: PlanId) => t(`common:plans.${plan}`);
  const current = planName(subscription.plan);
  const ends = formatDate(subscription.currentPeriodEnd);
  const active = subscription.status === 'active' || subscription.status === 'trialing';
  const waiting = subscription.cancelAtPeriodEnd || subscription.scheduledPlan !== null;

  const run = (input: PlanAction, done: string) =>
    manage.mutate(input, {
      onSuccess: () => {
        setConfirming(false);
        setChanging(false);
        showToast({ title: done, variant: 'success' });
      },
      onError: (error) => {
        if (input.action !== 'cancel') showToast({ title: t('billing.failed'), description: localizeError(error, 'plans'), variant: 'error' });
      },
    });

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-xl border border-border bg-muted/30 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold">
          {t('billing.title')}
        </h3>
        <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', TONE[subscription.status])}>{t(`billing.status.${subscription.status}`)}</span>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('billing.price')}</dt>
          <dd className="font-medium tabular-nums">{t(`billing.every.${subscription.period}`, { price: formatMoney(subscription.priceCents, subscription.currency) })}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('billing.nextCharge')}</dt>
          <dd className="font-medium tabular-nums">
            {subscription.nextChargeAt && subscription.nextChargeCents !== null
              ? t('billing.nextChargeValue', { date: formatDate(subscription.nextChargeAt), amount: formatMoney(subscription.nextChargeCents, subscription.currency) })
              : t('billing.noNextCharge')}
          </dd>
        </div>
      </dl>

      {subscription.status === 'past_due' && subscription.graceEndsAt ? (
        <Notice variant="error">{t('billing.pastDue', { plan: current, date: formatDate(subscription.graceEndsAt) })}</Notice>
      ) : subscription.cancelAtPeriodEnd ? (
        <Notice>{t('billing.endsOn', { plan: current, date: ends })}</Notice>
      ) : subscription.scheduledPlan ? (
        <Notice>{t('billing.movesTo', { plan: planName(subscription.scheduledPlan), current, date: ends })}</Notice>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {active && waiting ? (
          <Button disabled={manage.isPending} onClick={() => run({ action: 'resume' }, t('billing.resumed', { plan: current }))}>
            {subscription.cancelAtPeriodEnd ? t('billing.resume') : t('billing.keep', { plan: current })}
          </Button>
        ) : null}
        {active && !subscription.cancelAtPeriodEnd ? (
          <Button variant="outline" aria-expanded={changing} aria-controls={`${id}-change`} onClick={() => setChanging((open) => !open)}>
            {t('billing.change')}
          </Button>
        ) : null}
        {(active && !subscription.cancelAtPeriodEnd) || subscription.status === 'past_due' ? (
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            trigger={<Button variant="outline">{t('billing.cancel')}</Button>}
            title={t('billing.cancelTitle', { plan: current })}
            description={subscription.status === 'past_due' ? t('billing.cancelNow', { plan: current }) : t('billing.cancelText', { plan: current, date: ends })}
            error={manage.isError && confirming ? localizeError(manage.error, 'plans') : undefined}
            cancelLabel={t('billing.keepPlan')}
            confirmLabel={t('billing.confirmCancel')}
            pendingLabel={t('billing.canceling')}
            pending={manage.isPending}
            onConfirm={() => run({ action: 'cancel' }, t('billing.canceled', { date: ends }))}
          />
        ) : null}
      </div>
      {changing && active ? (
        <ChangePlanForm
          id={`${id}-change`}
          subscription={subscription}
          pending={manage.isPending}
          onChange={(plan) =>
            run({ action: 'change', plan }, isUpgrade(subscription.plan, plan) ? t('billing.upgraded', { plan: planName(plan) }) : t('billing.downgradeSet', { plan: planName(plan), date: ends }))
          }
        />
      ) : null}
    </section>
  );
}

function ChangePlanForm({ id, subscription, pending, onChange }: { id: string; subscription: PlanSubscription; pending: boolean; onChange: (plan: PlanId) => void }) {
  const { t } = useTranslation('plans');
  const options = PLANS.filter((plan) => plan.id !== subscription.plan && plan.id !== subscription.scheduledPlan);
  const [choice, setChoice] = useState<PlanId | ''>('');
  const picked = choice || options[0]?.id;
  if (!picked) return null;
  const note = isUpgrade(subscription.plan, picked)
    ? t('billing.upgradeNote')
    : picked === 'free'
      ? t('billing.freeNote', { date: formatDate(subscription.currentPeriodEnd) })
      : t('billing.downgradeNote', { date: formatDate(subscription.currentPeriodEnd) });
  return (
    <form
      id={id}
      className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        onChange(picked);
      }}
    >
      <div className="grid gap-1">
        <label htmlFor={`${id}-plan`} className="text-sm font-medium">
          {t('billing.newPlan')}
        </label>
        <select id={`${id}-plan`} className={selectClass} value={picked} onChange={(event) => setChoice(event.target.value as PlanId)} disabled={pending}>
          {options.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.id === 'free' ? t('common:plans.free') : `${t(`common:plans.${plan.id}`)} — ${t(`billing.every.${subscription.period}`, { price: formatMoney(planPriceCents(plan.id, subscription.period)) })}`}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" className="h-10" disabled={pending}>
        {t('billing.applyChange')}
      </Button>
      <p className="text-xs text-muted-foreground sm:col-span-2">{note}</p>
    </form>
  );
}
