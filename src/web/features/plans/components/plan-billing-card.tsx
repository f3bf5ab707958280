import { Check, CreditCard, Minus } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { MyPlan } from '#shared/plans-api.ts';
import { BILLING_PERIODS, type BillingPeriod, isUpgrade, PAID_PLAN_IDS, type PaidPlanId, type Plan, planById } from '#shared/plans.ts';
import { DOMAIN_LIMITS } from '#shared/domains.ts';
import { storagePercent } from '#shared/storage.ts';
import { TestModeBanner } from '#web/components/test-mode-banner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useCheckoutReturn } from '#web/lib/checkout-return.ts';
import { PLAN_BILLING_ID } from '#web/lib/plan-billing.ts';
import { formatBytes, formatCount, formatMoney, formatPercent } from '#web/lib/format.ts';
import { cn } from '#web/lib/utils.ts';
import { useMyPlan } from '../api/get-my-plan.ts';
import { useConfirmPlanCheckout } from '../api/subscribe-plan.ts';
import { PlanCardUpdate } from './plan-card-update.tsx';
import { PlanInvoices } from './plan-invoices.tsx';
import { PlanSubscriptionPanel } from './plan-subscription-panel.tsx';
import type { CardFormComponent } from '#web/lib/card-form-slot.ts';
import { PlanUpgradeForm } from './plan-upgrade-form.tsx';

/**
 * Settings › Plan & Billing: the account's plan, what it includes (from src/shared/plans.ts), what
 * has been used this month, buying a bigger plan with the test card (`CardForm`, composed in by the
 * router), the subscription's next charge, change, cancel and resume, and its invoices (decision 025).
 */
export function PlanBillingCard({ CardForm }: { CardForm: CardFormComponent }) {
  const { t } = useTranslation('plans');
  const id = useId();
  const { data, isPending, isError, refetch, isFetching } = useMyPlan();
  // Back from Stripe Checkout (`?checkout=…`): the plan bought is shown at once.
  const confirming = useCheckoutReturn(true, useConfirmPlanCheckout());

  return (
    <Card id={PLAN_BILLING_ID} aria-labelledby={`${id}-title`} role="region" className="scroll-mt-20">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <CreditCard aria-hidden="true" className="size-5 text-brand-soft" /> {t('card.title')}
        </CardTitle>
        <CardDescription>{t('card.description')}</CardDescription>
      </CardHeader>
      {isPending || confirming ? (
        <CardContent>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" /> {t('card.loading')}
          </p>
        </CardContent>
      ) : isError ? (
        <CardContent>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <p role="alert" className="text-muted-foreground">
              {t('card.loadFailed')}
            </p>
            <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
              {t('card.tryAgain')}
            </Button>
          </div>
        </CardContent>
      ) : (
        <PlanDetails mine={data} headingId={id} CardForm={CardForm} />
      )}
    </Card>
  );
}

/** The plan and period the pricing page asked for (`?plan=pro&period=yearly`), if any. */
function usePreselected() {
  const [search, setSearch] = useSearchParams();
  const plan = search.get('plan');
  const period = search.get('period');
  return {
    preselected: {
      plan: (PAID_PLAN_IDS as readonly string[]).includes(plan ?? '') ? (plan as PaidPlanId) : undefined,
      period: (BILLING_PERIODS as readonly string[]).includes(period ?? '') ? (period as BillingPeriod) : undefined,
    },
    clear: () =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('plan');
          next.delete('period');
          return next;
        },
        { replace: true },
      ),
  };
}

function PlanDetails({ mine, headingId, CardForm }: { mine: MyPlan; headingId: string; CardForm: CardFormComponent }) {
  const { t } = useTranslation('plans');
  const plan = planById(mine.plan);
  const { preselected, clear } = usePreselected();
  const bigger = PAID_PLAN_IDS.filter((candidate) => isUpgrade(plan.id, candidate));
  const offered = !mine.subscription && bigger.length > 0;
  const { usage } = mine;
  // Opened from the pricing page: the card comes into view with the plan picked.
  const scrolled = useRef(false);
  useEffect(() => {
    if (scrolled.current || !preselected.plan) return;
    scrolled.current = true;
    document.getElementById(PLAN_BILLING_ID)?.scrollIntoView({ block: 'start' });
  }, [preselected.plan]);
  return (
    <>
      <CardContent className="grid grid-cols-1 gap-6">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <p className="text-lg font-semibold">
            {t('card.current', { plan: t(`common:plans.${plan.id}`) })}
          </p>
          {plan.monthlyPrice > 0 && !mine.subscription ? (
            <p className="text-sm text-muted-foreground tabular-nums">{t('card.perMonth', { price: formatMoney(plan.monthlyPrice * 100) })}</p>
          ) : null}
        </div>

        {mine.subscription ? <PlanSubscriptionPanel subscription={mine.subscription} /> : null}
        {/* The test card's fields, or with Stripe a button to its page for the card (decision 027). */}
        {mine.subscription?.status === 'past_due' ? <PlanCardUpdate subscription={mine.subscription} CardForm={CardForm} /> : null}
        {offered ? (
          <div className="grid grid-cols-1 gap-3">
            <TestModeBanner />
            <PlanUpgradeForm
              key={`${preselected.plan ?? ''}-${preselected.period ?? ''}`}
              plans={bigger}
              preselected={preselected}
              CardForm={CardForm}
              onDone={clear}
            />
          </div>
        ) : null}

        <div className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby={`${headingId}-includes`} className="grid content-start gap-3">
            <h3 id={`${headingId}-includes`} className="text-sm font-semibold">
              {t('card.includes')}
            </h3>
            <ul className="grid gap-2 text-sm">
              {includes(plan, t).map((item) => (
                <li key={item.text} className={cn('flex gap-2', !item.yes && 'text-muted-foreground')}>
                  {item.yes ? (
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-soft" />
                  ) : (
                    <Minus aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  )}
                  <span>{item.text}</span>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby={`${headingId}-usage`} className="grid content-start gap-4">
            <h3 id={`${headingId}-usage`} className="text-sm font-semibold">
              {t('card.usage')}
            </h3>
            <Meter
              label={t('usage.ai')}
              used={usage.aiGenerations.used}
              limit={usage.aiGenerations.limit}
              text={
                usage.aiGenerations.limit === 0
                  ? t('usage.notIncluded')
                  : usage.aiGenerations.limit === null
                    ? t('usage.unlimited', { used: formatCount(usage.aiGenerations.used) })
                    : t('usage.of', { used: formatCount(usage.aiGenerations.used), limit: formatCount(usage.aiGenerations.limit) })
              }
            />
            <Meter
              label={t('usage.storage')}
              used={usage.storage.usedBytes}
              limit={usage.storage.quotaBytes}
              text={t('usage.of', { used: formatBytes(usage.storage.usedBytes), limit: formatBytes(usage.storage.quotaBytes) })}
            />
            <Meter
              label={t('usage.mails')}
              used={usage.audienceMails.used}
              limit={usage.audienceMails.limit}
              text={t('usage.of', { used: formatCount(usage.audienceMails.used), limit: formatCount(usage.audienceMails.limit ?? 0) })}
            />
            <Meter
              label={t('usage.domains')}
              used={usage.domains.used}
              limit={usage.domains.limit}
              text={t('usage.of', { used: formatCount(usage.domains.used), limit: formatCount(usage.domains.limit ?? 0) })}
            />
          </section>
        </div>

        <PlanInvoices />
      </CardContent>
    </>
  );
}

/** What a plan includes, from its fields, in the interface language. */
function includes(plan: Plan, t: ReturnType<typeof useTranslation<'plans'>>['t']): { text: string; yes: boolean }[] {
  return [
    {
      text: plan.platformFeeBps === 0 ? t('includes.noFee') : t('includes.fee', { percent: formatPercent(plan.platformFeeBps / 100) }),
      yes: plan.platformFeeBps === 0,
    },
    { text: t('includes.storage', { size: formatBytes(plan.storageQuotaBytes) }), yes: true },
    { text: t('includes.mails', { max: formatCount(plan.audienceMailsPerMonth) }), yes: true },
    {
      text:
        plan.aiGenerationsPerMonth === 0
          ? t('includes.noAi')
          : plan.aiGenerationsPerMonth === null
            ? t('includes.aiUnlimited')
            : t('includes.ai', { max: formatCount(plan.aiGenerationsPerMonth) }),
      yes: plan.aiGenerationsPerMonth !== 0,
    },
    { text: plan.customSlug ? t('includes.customSlug') : t('includes.noCustomSlug'), yes: plan.customSlug },
    { text: t('includes.domains', { count: DOMAIN_LIMITS[plan.id], max: formatCount(DOMAIN_LIMITS[plan.id]) }), yes: true },
    { text: plan.apiAccess ? t('includes.api') : t('includes.noApi'), yes: plan.apiAccess },
    { text: plan.teamUsers > 0 ? t('includes.team', { max: formatCount(plan.teamUsers) }) : t('includes.noTeam'), yes: plan.teamUsers > 0 },
  ];
}

/** One use against its limit: text and a bar (no bar when the plan has none of it, or no limit). */
function Meter({ label, used, limit, text }: { label: string; used: number; limit: number | null; text: string }) {
  const percent = limit ? storagePercent({ usedBytes: used, quotaBytes: limit }) : 0;
  const full = limit !== null && limit > 0 && used >= limit;
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground tabular-nums">{text}</span>
      </div>
      {limit ? (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={text}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full', full ? 'bg-red-500' : percent >= 90 ? 'bg-amber-500' : 'bg-gradient-to-r from-violet-500 to-fuchsia-500')}
            style={{ width: `${used > 0 ? Math.max(percent, 1) : 0}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}
