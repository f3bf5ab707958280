import { useTranslation } from 'react-i18next';
import type { PlanSubscription } from '#shared/plans-api.ts';
import { CardUpdateSection } from '#web/components/card-update-section.tsx';
import type { CardFormComponent } from '#web/lib/card-form-slot.ts';
import { formatMoney } from '#web/lib/format.ts';
import { showToast } from '#web/lib/toast.ts';
import { useUpdatePlanCard } from '../api/manage-plan.ts';

/**
 * A past-due plan's "Update your card": the test provider's card, the failed renewal charged to it at
 * once and the plan going on; or with Stripe a button to its page for the card, the failed renewal
 * paid with it on the way back (decision 027).
 */
export function PlanCardUpdate({ subscription, CardForm }: { subscription: PlanSubscription; CardForm: CardFormComponent }) {
  const { t } = useTranslation('plans');
  const update = useUpdatePlanCard();
  const amount = formatMoney(subscription.priceCents, subscription.currency);
  const plan = t(`common:plans.${subscription.plan}`);
  return (
    <CardUpdateSection
      title={t('billing.cardTitle')}
      text={t('billing.cardText', { amount, plan })}
      heading="h3"
      CardForm={CardForm}
      namespace="plans"
      pending={update.isPending}
      submitLabel={t('billing.cardSubmit', { amount })}
      submit={(card) => update.mutateAsync(card ? { card } : {})}
      onDone={() => showToast({ title: t('billing.cardUpdated', { plan }), variant: 'success' })}
    />
  );
}
