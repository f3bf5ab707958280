import { useTranslation } from 'react-i18next';
import type { CountByValue } from '../api/get-link-stats.ts';
import { formatCount, formatPercent } from '#web/lib/format.ts';

/** The server's fixed values (see server/modules/links/user-agent.ts) in the interface language; hosts and browsers stay as they are. */
function useValueLabel() {
  const { t } = useTranslation('links-pages');
  return (value: string) => {
    switch (value) {
      case '(direct)':
        return t('stats.values.direct');
      case 'Other':
        return t('stats.values.other');
      case 'Desktop':
        return t('stats.values.desktop');
      case 'Mobile':
        return t('stats.values.mobile');
      case 'Tablet':
        return t('stats.values.tablet');
      default:
        return value;
    }
  };
}

/** A ranked list of values with a bar, the count and the share of each (referrers, browsers, devices). */
export function BreakdownBars({ title, items, emptyText }: { title: string; items: CountByValue[]; emptyText?: string }) {
  const { t } = useTranslation('links-pages');
  const labelOf = useValueLabel();
  const total = items.reduce((sum, item) => sum + item.clicks, 0);
  return (
    <section aria-label={title} className="grid content-start gap-3">
      <h2 className="text-base font-semibold">{title}</h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText ?? t('stats.noClicks')}</p>
      ) : (
        <ul className="grid gap-3">
          {items.map((item) => {
            const share = total > 0 ? Math.round((item.clicks / total) * 100) : 0;
            return (
              <li key={item.value} className="grid gap-1.5">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0 truncate" title={labelOf(item.value)}>
                    {labelOf(item.value)}
                  </span>
                  <span className="shrink-0 tabular-nums text-muted-foreground">
                    <span className="font-semibold text-foreground">{formatCount(item.clicks)}</span> · {formatPercent(share)}
                  </span>
                </div>
                <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
                  <div className="h-full rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-500" style={{ width: `${Math.max(share, 2)}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
