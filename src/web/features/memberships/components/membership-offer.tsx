import { Repeat } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BillingInterval } from '#shared/memberships.ts';
import { Button } from '#web/components/ui/button.tsx';
import { selectClass } from '#web/components/ui/select.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatMoney } from '#web/lib/format.ts';
import { usePlan } from '../api/memberships.ts';

/**
 * The product page's buying box for a membership: its tier, monthly or yearly price and free trial,
 * and the way to join; `fallback` (Add to Cart) for a product sold once.
 */
export function MembershipOffer({ productId, fallback }: { productId: string; fallback: ReactNode }) {
  const { t } = useTranslation('memberships');
  const id = useId();
  const plan = usePlan(productId);
  const [tierIndex, setTierIndex] = useState(0);
  const [picked, setPicked] = useState<BillingInterval | undefined>();
  if (plan.isPending) return <Spinner label={t('offer.loading')} />;
  if (plan.isError || !plan.data || plan.data.tiers.length === 0) return fallback;
  const { tiers, currency } = plan.data;
  // One free trial per buyer: a viewer who had it joins without one.
  const trialDays = plan.data.trialUsed ? 0 : plan.data.trialDays;
  const tier = tiers[Math.min(tierIndex, tiers.length - 1)]!;
  const intervals = (['month', 'year'] as const).filter((interval) => (interval === 'month' ? tier.monthlyCents : tier.yearlyCents) !== null);
  const interval = picked && intervals.includes(picked) ? picked : intervals[0]!;
  const cents = (interval === 'month' ? tier.monthlyCents : tier.yearlyCents) ?? 0;
  const query = new URLSearchParams({ interval, ...(tier.versionId ? { tier: tier.versionId } : {}) });

  return (
    <section aria-labelledby={`${id}-title`} className="grid w-full gap-3 rounded-2xl border border-border bg-card/60 p-4 sm:max-w-md">
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <Repeat aria-hidden="true" className="size-4 text-brand-soft" /> {t('offer.title')}
      </h2>
      {tiers.length > 1 ? (
        <div className="grid gap-1">
          <label htmlFor={`${id}-tier`} className="text-sm font-medium">
            {t('offer.tier')}
          </label>
          <select id={`${id}-tier`} className={selectClass} value={tierIndex} onChange={(event) => setTierIndex(Number(event.target.value))}>
            {tiers.map((option, index) => (
              <option key={option.versionId ?? 'product'} value={index}>
                {option.name ?? t('offer.standard')}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('offer.billing')}</legend>
        <div className="flex flex-wrap gap-2">
          {intervals.map((option) => (
            <label key={option} className="flex cursor-pointer items-center gap-2 rounded-lg border border-input px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10">
              <input type="radio" name={`${id}-interval`} value={option} checked={interval === option} onChange={() => setPicked(option)} className="accent-primary" />
              {t(`offer.${option}`, { price: formatMoney((option === 'month' ? tier.monthlyCents : tier.yearlyCents) ?? 0, currency) })}
            </label>
          ))}
        </div>
      </fieldset>
      {trialDays > 0 ? <p className="text-sm text-muted-foreground">{t('offer.trial', { count: trialDays, price: formatMoney(cents, currency) })}</p> : null}
      {plan.data.trialUsed && plan.data.trialDays > 0 ? <p className="text-sm text-muted-foreground">{t('offer.trialUsed')}</p> : null}
      <Button asChild size="lg">
        <Link to={`/memberships/join/${productId}?${query.toString()}`}>{trialDays > 0 ? t('offer.startTrial') : t('offer.join')}</Link>
      </Button>
    </section>
  );
}
