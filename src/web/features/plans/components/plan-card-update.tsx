import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanSubscription } from '#shared/plans-api.ts';
import { formatMoney } from '#web/lib/format.ts';
import { showToast } from '#web/lib/toast.ts';
import { useUpdatePlanCard } from '../api/manage-plan.ts';

import type { CardFormComponent } from '#web/lib/card-form-slot.ts';

/**
 * A past-due plan's "Update your card" (`CardForm`, composed in by the router): the test provider's
 * card, the failed renewal charged to it at once and the plan going on; or with Stripe a button to
 * its page for the card, the failed renewal paid with it on the way back (decision 027).
 */
export function PlanCardUpdate({ subscription, CardForm }: { subscription: PlanSubscription; CardForm: CardFormComponent }) {
  const { t } = useTranslation('plans');
  const id = useId();
  const update = useUpdatePlanCard();
  const amount = formatMoney(subscription.priceCents, subscription.currency);
  const plan = t(`common:plans.${subscription.plan}`);
  return (
    <section aria-labelledby={`${id}-title`} className="grid grid-cols-1 gap-3 rounded-xl border border-border bg-muted/30 p-4 sm:p-5">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('billing.cardTitle')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('billing.cardText', { amount, plan })}</p>
      <CardForm
        namespace="plans"
        pending={update.isPending}
        submitLabel={t('billing.cardSubmit', { amount })}
        submit={(card) => update.mutateAsync(card ? { card } : {})}
        onDone={() => showToast({ title: t('billing.cardUpdated', { plan }), variant: 'success' })}
      />
    </section>
  );
}
