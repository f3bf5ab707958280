import { useTranslation } from 'react-i18next';
import type { Membership } from '#shared/memberships-api.ts';
import { CardUpdateSection } from '#web/components/card-update-section.tsx';
import type { CardFormComponent } from '#web/lib/card-form-slot.ts';
import { formatMoney } from '#web/lib/format.ts';
import { showToast } from '#web/lib/toast.ts';
import { useMembershipCard } from '../api/memberships.ts';

/**
 * A past-due membership's "Update your card": the test provider's card, the failed renewal charged to
 * it at once and access going on; or with Stripe a button to its page for the card, the failed renewal
 * paid with it on the way back (decision 027).
 */
export function MembershipCardUpdate({ membership, CardForm }: { membership: Membership; CardForm: CardFormComponent }) {
  const { t } = useTranslation('memberships');
  const update = useMembershipCard();
  const amount = formatMoney(membership.priceCents, membership.currency);
  return (
    <CardUpdateSection
      title={t('library.cardTitle')}
      text={t('library.cardText', { amount })}
      heading="h4"
      CardForm={CardForm}
      namespace="memberships"
      pending={update.isPending}
      submitLabel={t('library.cardSubmit', { amount })}
      submit={(card) => update.mutateAsync({ id: membership.id, card })}
      onDone={() => showToast({ title: t('library.cardUpdated'), variant: 'success' })}
    />
  );
}
