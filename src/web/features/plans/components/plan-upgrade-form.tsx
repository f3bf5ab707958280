import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BILLING_PERIODS, type BillingPeriod, type PaidPlanId, planPriceCents, YEARLY_DISCOUNT } from '#shared/plans.ts';
import { formatMoney } from '#web/lib/format.ts';
import { showToast } from '#web/lib/toast.ts';
import { useSubscribePlan } from '../api/subscribe-plan.ts';

import type { CardFormComponent } from '#web/lib/card-form-slot.ts';

const choiceClass =
  'flex cursor-pointer items-center gap-2 rounded-lg border border-input px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring';

/**
 * Buying a plan: Creator Pro or Business (those bigger than the account's plan), monthly or yearly
 * at the pricing page's prices, paid with the test card. `preselected` comes from the pricing page.
 */
export function PlanUpgradeForm({
  plans,
  preselected,
  CardForm,
  onDone,
}: {
  plans: PaidPlanId[];
  preselected: { plan?: PaidPlanId; period?: BillingPeriod };
  CardForm: CardFormComponent;
  onDone: () => void;
}) {
  const { t } = useTranslation('plans');
  const id = useId();
  const subscribe = useSubscribePlan();
  const [plan, setPlan] = useState<PaidPlanId>(preselected.plan && plans.includes(preselected.plan) ? preselected.plan : plans[0]!);
  const [period, setPeriod] = useState<BillingPeriod>(preselected.period ?? 'monthly');
  const price = formatMoney(planPriceCents(plan, period));
  const every = t(`billing.every.${period}`, { price });

  return (
    <section aria-labelledby={`${id}-title`} className="grid grid-cols-1 gap-4 rounded-xl border border-border bg-muted/30 p-4 sm:p-5">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('upgrade.title')}
      </h3>
      <Choices
        legend={t('upgrade.plan')}
        name={`${id}-plan`}
        options={plans}
        value={plan}
        onChange={setPlan}
        label={(option) => t(`common:plans.${option}`)}
        disabled={subscribe.isPending}
      />
      <Choices
        legend={t('upgrade.period')}
        name={`${id}-period`}
        options={BILLING_PERIODS}
        value={period}
        onChange={setPeriod}
        label={(option) => t(`billing.every.${option}`, { price: formatMoney(planPriceCents(plan, option)) })}
        disabled={subscribe.isPending}
      >
        <p className="text-xs text-muted-foreground">{t('upgrade.save', { percent: Math.round(YEARLY_DISCOUNT * 100) })}</p>
      </Choices>
      <p className="text-sm text-muted-foreground">{t('upgrade.summary', { plan: t(`common:plans.${plan}`), price: every })}</p>
      <CardForm
        namespace="plans"
        pending={subscribe.isPending}
        submitLabel={t('upgrade.pay', { price })}
        submit={(card) => subscribe.mutateAsync({ plan, period, card })}
        onDone={() => {
          showToast({ title: t('upgrade.done', { plan: t(`common:plans.${plan}`) }), variant: 'success' });
          onDone();
        }}
      />
    </section>
  );
}

/** One choice of the form as native radios in a fieldset (arrow keys move and choose), drawn as buttons. */
function Choices<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  label,
  disabled,
  children,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (option: T) => void;
  label: (option: T) => string;
  disabled: boolean;
  children?: ReactNode;
}) {
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option} className={choiceClass}>
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} className="accent-primary" />
            {label(option)}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
