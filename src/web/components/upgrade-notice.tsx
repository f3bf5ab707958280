import { ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlanId } from '#shared/plans.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { planBillingPath } from '#web/lib/plan-billing.ts';

/** Where an upgrade starts without a plan named: the pricing page. */
export const UPGRADE_PATH = '/#pricing';

/**
 * What a screen shows instead of a feature the account's plan does not include (or whose monthly
 * allowance is used): why, and a button to the plans (`plan`: the one to upgrade to, if known).
 */
export function UpgradeNotice({ title, plan, children, className }: { title: string; plan?: PlanId; children: ReactNode; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Notice title={title} className={className}>
      <div className="grid justify-items-start gap-3">
        <p>{children}</p>
        <Button asChild size="sm">
          <Link to={plan && plan !== 'free' ? planBillingPath(plan) : UPGRADE_PATH}>
            {plan ? t('upgrade.to', { plan: t(`plans.${plan}`) }) : t('upgrade.seePlans')} <ArrowUpRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </Notice>
  );
}
