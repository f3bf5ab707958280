import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDay } from '#web/lib/format.ts';

const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

/** A round axis maximum (1, 2, 5, 10, 20, 50 …) at or above `value`. */
function niceMax(value: number): number {
  if (value <= 4) return Math.max(4, value);
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

/** Clicks per day as bars: an SVG image with a summary label, and the numbers in a table to open. */
export function ClicksChart({ daily }: { daily: { day: string; clicks: number }[] }) {
  const { t } = useTranslation('links-pages');
  // The drawing uses the real width in pixels, so its text keeps its size on a phone and on a wide screen.
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(720);
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const total = daily.reduce((sum, entry) => sum + entry.clicks, 0);
  const best = daily.reduce<{ day: string; clicks: number } | null>(
    (top, entry) => (!top || entry.clicks > top.clicks ? entry : top),
    null,
  );
  const max = niceMax(best?.clicks ?? 0);
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, daily.length);
  const barWidth = Math.max(2, slot * 0.68);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const first = daily[0];
  const last = daily[daily.length - 1];
  const range = first && last ? { from: formatDay(first.day), to: formatDay(last.day), total: formatCount(total) } : null;
  const summary = !range
    ? t('chart.noData')
    : best && best.clicks > 0
      ? t('chart.summaryWithBest', { ...range, bestDay: formatDay(best.day), bestClicks: formatCount(best.clicks) })
      : t('chart.summary', range);
  const labelEvery = width < 480 ? 10 : 7;
  const labelDays = daily.filter((_, index) => (daily.length - 1 - index) % labelEvery === 0);

  return (
    <figure className="grid gap-3">
      <div ref={frame} className="w-full">
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width={width}
          height={HEIGHT}
          role="img"
          aria-label={summary}
          className="block h-auto max-w-full"
        >
          {[0, 0.5, 1].map((fraction) => {
            const value = Math.round(max * fraction);
            return (
              <g key={fraction}>
                <line
                  x1={PAD.left}
                  x2={width - PAD.right}
                  y1={y(value)}
                  y2={y(value)}
                  stroke="currentColor"
                  className="text-border"
                  strokeDasharray={fraction === 0 ? undefined : '4 4'}
                />
                <text x={PAD.left - 8} y={y(value) + 4} textAnchor="end" className="fill-muted-foreground text-[12px]">
                  {formatCount(value)}
                </text>
              </g>
            );
          })}
          {daily.map((entry, index) => {
            const height = (entry.clicks / max) * plotHeight;
            return (
              <rect
                key={entry.day}
                x={PAD.left + index * slot + (slot - barWidth) / 2}
                y={PAD.top + plotHeight - height}
                width={barWidth}
                height={Math.max(0, height)}
                rx={2}
                className="fill-violet-500"
              >
                <title>{`${formatDay(entry.day)}: ${formatCount(entry.clicks)}`}</title>
              </rect>
            );
          })}
          {labelDays.map((entry) => {
            const index = daily.indexOf(entry);
            const isLast = index === daily.length - 1;
            return (
              <text
                key={entry.day}
                x={isLast ? width - PAD.right : PAD.left + index * slot + slot / 2}
                y={HEIGHT - 8}
                textAnchor={isLast ? 'end' : 'middle'}
                className="fill-muted-foreground text-[12px]"
              >
                {formatDay(entry.day)}
              </text>
            );
          })}
        </svg>
      </div>
      <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
      <details className="rounded-lg border border-border text-sm">
        <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium hover:bg-accent/60">{t('chart.showNumbers')}</summary>
        <div className="max-h-72 overflow-auto px-3 pb-3">
          <table className="w-full text-left">
            <caption className="sr-only">{t('chart.caption')}</caption>
            <thead>
              <tr className="text-muted-foreground">
                <th scope="col" className="py-1.5 font-medium">
                  {t('chart.day')}
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  {t('links:common.clicks')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {daily.map((entry) => (
                <tr key={entry.day}>
                  <td className="py-1.5">
                    <time dateTime={entry.day}>{formatDay(entry.day)}</time>
                  </td>
                  <td className="py-1.5 text-right tabular-nums">{formatCount(entry.clicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
