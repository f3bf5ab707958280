import type { CountByValue } from '../api/get-link-stats.ts';
import { formatCount } from '../utils/format.ts';

/** A ranked list of values with a bar, the count and the share of each (referrers, browsers, devices). */
export function BreakdownBars({ title, items, emptyText = 'No clicks yet.' }: { title: string; items: CountByValue[]; emptyText?: string }) {
  const total = items.reduce((sum, item) => sum + item.clicks, 0);
  return (
    <section aria-label={title} className="grid content-start gap-3">
      <h2 className="text-base font-semibold">{title}</h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul className="grid gap-3">
          {items.map((item) => {
            const share = total > 0 ? Math.round((item.clicks / total) * 100) : 0;
            return (
              <li key={item.value} className="grid gap-1.5">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0 truncate" title={item.value}>
                    {item.value}
                  </span>
                  <span className="shrink-0 tabular-nums text-muted-foreground">
                    <span className="font-semibold text-foreground">{formatCount(item.clicks)}</span> · {share}%
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
