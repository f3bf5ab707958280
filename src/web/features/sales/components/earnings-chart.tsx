import { useTranslation } from 'react-i18next';
import type { Currency } from '#shared/money.ts';
import { formatDay, formatMoney } from '#web/lib/format.ts';

const HEIGHT = 180;
const WIDTH = 600;
const PAD = { top: 10, bottom: 22, left: 4, right: 4 };

/** Earnings per day for 30 days: an SVG of bars with a spoken summary, and the figures in a table to open. */
export function EarningsChart({ days, currency }: { days: { date: string; amountCents: number; sales: number }[]; currency: Currency }) {
  const { t } = useTranslation('sales');
  const total = days.reduce((sum, entry) => sum + entry.amountCents, 0);
  const max = Math.max(1, ...days.map((entry) => entry.amountCents));
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, days.length);
  const summary = t('chart.summary', { total: formatMoney(total, currency), days: days.length });
  return (
    <figure className="grid gap-3">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="block h-auto w-full" preserveAspectRatio="none">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} stroke="currentColor" className="text-border" />
        {days.map((entry, index) => {
          const height = (entry.amountCents / max) * plotHeight;
          return (
            <rect
              key={entry.date}
              x={PAD.left + index * slot + slot * 0.15}
              y={HEIGHT - PAD.bottom - height}
              width={slot * 0.7}
              height={Math.max(entry.amountCents > 0 ? 2 : 0, height)}
              rx={2}
              className="fill-violet-500"
            >
              <title>{`${formatDay(entry.date)}: ${formatMoney(entry.amountCents, currency)}`}</title>
            </rect>
          );
        })}
        {days.length > 0 ? (
          <>
            <text x={PAD.left} y={HEIGHT - 6} className="fill-muted-foreground text-[11px]">
              {formatDay(days[0]!.date)}
            </text>
            <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className="fill-muted-foreground text-[11px]">
              {formatDay(days[days.length - 1]!.date)}
            </text>
          </>
        ) : null}
      </svg>
      <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-soft">{t('chart.showTable')}</summary>
        <table className="mt-2 w-full">
          <caption className="sr-only">{t('chart.title')}</caption>
          <thead className="text-left text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 font-medium">{t('chart.day')}</th>
              <th scope="col" className="py-1 text-right font-medium">{t('chart.sales')}</th>
              <th scope="col" className="py-1 text-right font-medium">{t('chart.earnings')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((entry) => (
              <tr key={entry.date} className="border-t border-border">
                <td className="py-1">{formatDay(entry.date)}</td>
                <td className="py-1 text-right tabular-nums">{entry.sales}</td>
                <td className="py-1 text-right tabular-nums">{formatMoney(entry.amountCents, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
