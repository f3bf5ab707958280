import { Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AiUsage } from '#shared/ai-api.ts';
import { PRO_AI_GENERATIONS_PER_MONTH } from '#shared/plans.ts';
import { UpgradeNotice } from '#web/components/upgrade-notice.tsx';
import { formatCount } from '#web/lib/format.ts';

/** The studio without AI in the plan (an upgrade to `requiredPlan`), or with this month's allowance used (to Business). */
export function PlanNotice({ usage }: { usage: AiUsage }) {
  const { t } = useTranslation('ai');
  if (usage.requiredPlan !== null) {
    return (
      <UpgradeNotice title={t('plan.requiredTitle')} plan={usage.requiredPlan}>
        {t('plan.requiredText', { max: formatCount(PRO_AI_GENERATIONS_PER_MONTH) })}
      </UpgradeNotice>
    );
  }
  return (
    <UpgradeNotice title={t('plan.limitTitle')} plan="business">
      {t('plan.limitText', { max: formatCount(usage.limit ?? 0) })}
    </UpgradeNotice>
  );
}

/** This month's generations against the plan's allowance. */
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
