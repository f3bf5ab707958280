import { Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AiUsage } from '#shared/ai-api.ts';
import { UpgradeNotice } from '#web/components/upgrade-notice.tsx';
import { formatCount, formatDate } from '#web/lib/format.ts';

/** Whether this month's allowance is used up (an unlimited one never is). */
export const allowanceUsedUp = (usage: AiUsage) => usage.limit !== null && usage.used >= usage.limit;

/** The studio once this month's allowance is used: the day it renews and the plan with more generations. */
export function PlanNotice({ usage }: { usage: AiUsage }) {
  const { t } = useTranslation('ai');
  const { t: tc } = useTranslation('common');
  const plan = usage.upgradePlan ?? undefined;
  return (
    <UpgradeNotice title={t('plan.limitTitle')} plan={plan}>
      {t('plan.limitText', {
        max: formatCount(usage.limit ?? 0),
        // Noon UTC: the same calendar day in every time zone.
        date: formatDate(`${usage.resetsOn}T12:00:00Z`),
        plan: plan ? tc(`plans.${plan}`) : '',
      })}
    </UpgradeNotice>
  );
}

/** This month's generations against the account's allowance. */
export function UsageLine({ usage }: { usage: AiUsage }) {
  const { t } = useTranslation('ai');
  return (
    <p className="mt-2 flex items-center gap-2 text-sm text-muted-foreground" data-testid="ai-usage">
      <Gauge aria-hidden="true" className="size-4 shrink-0 text-brand-soft" />
      {usage.limit === null
        ? t('plan.usedUnlimited', { used: formatCount(usage.used) })
        : t('plan.used', { used: formatCount(usage.used), max: formatCount(usage.limit) })}
    </p>
  );
}
