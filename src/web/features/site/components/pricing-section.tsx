import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type BillingPeriod, formatDollars, type Plan, PLANS, planPrice, planTexts, YEARLY_DISCOUNT } from '#shared/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { planBillingPath } from '#web/lib/plan-billing.ts';
import { cn } from '#web/lib/utils.ts';
import { SectionHeading } from './section-heading.tsx';

const PERIODS: BillingPeriod[] = ['monthly', 'yearly'];

/**
 * Monthly / Yearly as a pair of native radio buttons styled as a segmented control; named as the home
 * page the server writes names them (site/server-page-home.ts), one switch per page.
 */
function PeriodSwitch({ value, onChange }: { value: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  const name = 'billing-period';
  const { t } = useTranslation('site');
  const labels: Record<BillingPeriod, string> = { monthly: t('pricing.monthly'), yearly: t('pricing.yearly') };
  return (
    <fieldset className="mx-auto mt-10 flex w-fit flex-col items-center gap-3 sm:flex-row">
      <legend className="sr-only">{t('pricing.billingPeriod')}</legend>
      <div className="inline-flex rounded-full border border-border bg-muted/70 p-1">
        {PERIODS.map((period) => (
          <label
            key={period}
            className="relative cursor-pointer rounded-full px-5 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={period}
              checked={value === period}
              onChange={() => onChange(period)}
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
            />
            {labels[period]}
          </label>
        ))}
      </div>
      <span className="rounded-full bg-emerald-500/15 px-3 py-1 text-xs font-semibold text-emerald-300">
        {t('pricing.save', { percent: Math.round(YEARLY_DISCOUNT * 100) })}
      </span>
    </fieldset>
  );
}

function PlanCard({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const titleId = `plan-${plan.id}-title`;
  const price = planPrice(plan, period);
  const { t, i18n } = useTranslation('site');
  const language = i18n.resolvedLanguage ?? 'en';
  const text = planTexts(plan, t);
  const { data: user } = useCurrentUser();
  // A paid plan is bought in Settings → Plan & Billing with this plan and period picked; a visitor
  // signs up or in first and comes back there.
  const buy = plan.id === 'free' ? undefined : planBillingPath(plan.id, period);
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card/80 p-7',
        plan.popular ? 'border-violet-400/70 shadow-2xl shadow-violet-900/40 lg:-my-4 lg:py-11' : 'border-border',
      )}
    >
      {plan.popular ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-500 px-4 py-1 text-xs font-semibold whitespace-nowrap text-white shadow-lg">
          {t('pricing.mostPopular')}
        </p>
      ) : null}
      <h3 id={titleId} className="text-lg font-semibold">
        {text.name}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{text.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight tabular-nums">{formatDollars(price, language)}</span>
        <span className="text-sm text-muted-foreground">{period === 'yearly' ? t('pricing.perYear') : t('pricing.perMonth')}</span>
      </p>
      <p className="mt-1 min-h-5 text-xs text-muted-foreground">
        {period === 'yearly' && plan.monthlyPrice > 0
          ? t('pricing.insteadOf', { price: formatDollars(plan.monthlyPrice * 12, language) })
          : '\u00a0'}
      </p>
      <ul className="mt-6 grid gap-3 text-sm">
        {text.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-soft" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-6">
        <p className="min-h-8 border-t border-border pt-4 text-xs text-muted-foreground">{text.feeNote}</p>
        <Button asChild size="lg" variant={plan.popular ? 'default' : 'outline'} className="mt-6 w-full">
          {buy && user ? (
            <Link to={buy} data-takeover={`plan-${plan.id}`}>
              {text.cta}
            </Link>
          ) : (
            <Link
              to="/auth"
              state={{ defaultTab: 'signup', plan: buy ? { name: plan.id, billing: period } : plan.id, from: buy }}
              data-takeover={`plan-${plan.id}`}
            >
              {text.cta}
            </Link>
          )}
        </Button>
      </div>
    </li>
  );
}

/** Free, Creator Pro and Business from the shared plans, with a monthly / yearly switch. */
export function PricingSection() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const { t } = useTranslation('site');
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 border-t border-border/60 px-4 py-20 sm:px-6 sm:py-24">
      <SectionHeading id="pricing-title" eyebrow={t('pricing.eyebrow')} title={t('pricing.title')}>
        {t('pricing.lead')}
      </SectionHeading>
      <PeriodSwitch value={period} onChange={setPeriod} />
      <ul className="mx-auto mt-12 grid max-w-5xl items-stretch gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} period={period} />
        ))}
      </ul>
    </section>
  );
}
