import { Check } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { type BillingPeriod, type Plan, PLANS, planPrice, YEARLY_DISCOUNT } from '#shared/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';
import { SectionHeading } from './section-heading.tsx';

const PERIODS: { value: BillingPeriod; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];

const CTA_LABELS: Record<Plan['id'], string> = {
  free: 'Start for Free',
  pro: 'Get Creator Pro',
  business: 'Get Business',
};

/** Monthly / Yearly as a pair of native radio buttons styled as a segmented control. */
function PeriodSwitch({ value, onChange }: { value: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  const name = useId();
  return (
    <fieldset className="mx-auto mt-10 flex w-fit flex-col items-center gap-3 sm:flex-row">
      <legend className="sr-only">Billing period</legend>
      <div className="inline-flex rounded-full border border-border bg-muted/70 p-1">
        {PERIODS.map((period) => (
          <label
            key={period.value}
            className="relative cursor-pointer rounded-full px-5 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={period.value}
              checked={value === period.value}
              onChange={() => onChange(period.value)}
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
            />
            {period.label}
          </label>
        ))}
      </div>
      <span className="rounded-full bg-emerald-500/15 px-3 py-1 text-xs font-semibold text-emerald-300">
        Save {Math.round(YEARLY_DISCOUNT * 100)}% with yearly billing
      </span>
    </fieldset>
  );
}

function PlanCard({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const titleId = `plan-${plan.id}-title`;
  const price = planPrice(plan, period);
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
          Most Popular
        </p>
      ) : null}
      <h3 id={titleId} className="text-lg font-semibold">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight tabular-nums">${price}</span>
        <span className="text-sm text-muted-foreground">{period === 'yearly' ? '/year' : '/month'}</span>
      </p>
      <p className="mt-1 min-h-5 text-xs text-muted-foreground">
        {period === 'yearly' && plan.monthlyPrice > 0 ? `Instead of $${plan.monthlyPrice * 12} billed monthly` : '\u00a0'}
      </p>
      <ul className="mt-6 grid gap-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-soft" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-6">
        <p className="min-h-8 border-t border-border pt-4 text-xs text-muted-foreground">{plan.feeNote}</p>
        <Button asChild size="lg" variant={plan.popular ? 'default' : 'outline'} className="mt-6 w-full">
          <Link to="/auth" state={{ defaultTab: 'signup', plan: plan.id }}>
            {CTA_LABELS[plan.id]}
          </Link>
        </Button>
      </div>
    </li>
  );
}

/** Free, Creator Pro and Business from the shared plans, with a monthly / yearly switch. */
export function PricingSection() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 border-t border-border/60 px-4 py-20 sm:px-6 sm:py-24">
      <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple, fair pricing">
        Start free and upgrade when you grow. No setup fees, cancel any time.
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
