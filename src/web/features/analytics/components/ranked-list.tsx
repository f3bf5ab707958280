import { formatCount } from '#web/lib/format.ts';

/** A ranked list of sources with a bar, the figure and its share (the link analytics' breakdown, for views). */
export function RankedList({ title, items, emptyText }: { title: string; items: { key: string; label: string; value: number }[]; emptyText: string }) {
  const total = items.reduce((sum, item) => sum + item.value, 0);
  return (
    <section aria-label={title} className="grid content-start gap-3">
      <h3 className="text-base font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul className="grid gap-3">
          {items.map((item) => {
            const share = total > 0 ? Math.round((item.value / total) * 100) : 0;
            return (
              <li key={item.key} className="grid gap-1.5">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0 truncate" title={item.label}>
                    {item.label}
                  </span>
                  <span className="shrink-0 tabular-nums text-muted-foreground">
                    <span className="font-semibold text-foreground">{formatCount(item.value)}</span> · {share}%
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
