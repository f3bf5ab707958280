import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney, formatPercent } from '#web/lib/format.ts';
import type { LinkStats } from '../api/get-link-stats.ts';

/**
 * What a link's clicks led to in the days shown: each step with its share of the step before (the click
 * is remembered for 30 days; only the link owner's products count).
 */
export function LinkFunnel({ clicks, funnel }: { clicks: number; funnel: LinkStats['funnel'] }) {
  const { t } = useTranslation('links-pages');
  const steps = [
    { key: 'clicks', value: clicks },
    { key: 'productViews', value: funnel.productViews },
    { key: 'checkouts', value: funnel.checkouts },
    { key: 'sales', value: funnel.sales },
  ] as const;
  return (
    <section aria-labelledby="link-funnel-title" className="space-y-4">
      <h2 id="link-funnel-title" className="text-lg font-semibold">
        {t('funnel.title')}
      </h2>
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {steps.map((step, index) => {
          const before = index > 0 ? steps[index - 1]!.value : 0;
          return (
            <li key={step.key} className="rounded-lg border border-border p-4">
              <p className="text-sm text-muted-foreground">{t(`funnel.${step.key}`)}</p>
              <p className="text-2xl font-bold tabular-nums" data-testid={`funnel-${step.key}`}>
                {formatCount(step.value)}
              </p>
              {index > 0 && before > 0 && <p className="text-xs text-muted-foreground">{t('funnel.ofBefore', { percent: formatPercent((step.value / before) * 100) })}</p>}
            </li>
          );
        })}
        <li className="rounded-lg border border-border p-4">
          <p className="text-sm text-muted-foreground">{t('funnel.revenue')}</p>
          <p className="text-2xl font-bold tabular-nums" data-testid="funnel-revenue">
            {formatMoney(funnel.revenueCents, funnel.currency)}
          </p>
        </li>
      </ol>
      <p className="text-xs text-muted-foreground">{t('funnel.note')}</p>
    </section>
  );
}
