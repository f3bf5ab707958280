import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatDay } from '#web/lib/format.ts';
import { TableScroll } from './table-scroll.tsx';

const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 56 };

/** A round axis bound (1, 2, 5, 10, 20, 50 …) at or above `value`. */
function niceMax(value: number): number {
  if (value <= 4) return Math.max(4, value);
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

export interface DayFigureColumn<Day> {
  label: string;
  value: (day: Day) => ReactNode;
}

/**
 * One figure per UTC day as bars (a day below zero, such as one of refunds, goes under the axis): an
 * SVG image whose label is the summary, the summary as its caption, and every day's figures in a table
 * to open (the pattern of the link analytics' clicks chart). Texts come from the caller's namespace.
 */
export function DayBarsChart<Day extends { date: string }>({
  days,
  value,
  format,
  summary,
  texts,
  columns,
}: {
  days: Day[];
  /** The figure drawn for a day. */
  value: (day: Day) => number;
  format: (value: number) => string;
  summary: string;
  texts: { showFigures: string; caption: string; day: string };
  /** The table's columns after the day: every figure of the day, not only the one drawn. */
  columns: DayFigureColumn<Day>[];
}) {
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
  const values = days.map(value);
  const top = niceMax(Math.max(0, ...values));
  const lowest = Math.min(0, ...values);
  const bottom = lowest < 0 ? -niceMax(-lowest) : 0;
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.68);
  const y = (figure: number) => PAD.top + ((top - figure) / (top - bottom)) * plotHeight;
  const labelEvery = Math.max(1, Math.ceil(days.length / (width < 480 ? 4 : 8)));
  const labelDays = days.filter((_, index) => (days.length - 1 - index) % labelEvery === 0);
  const ticks = [...new Set([bottom, 0, top / 2, top])];

  return (
    <figure className="grid gap-3">
      <div ref={frame} className="w-full">
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} role="img" aria-label={summary} className="block h-auto max-w-full">
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={PAD.left}
                x2={width - PAD.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke="currentColor"
                className="text-border"
                strokeDasharray={tick === 0 ? undefined : '4 4'}
              />
              <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end" className="fill-muted-foreground text-[12px]">
                {format(tick)}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            const figure = values[index]!;
            const height = (Math.abs(figure) / (top - bottom)) * plotHeight;
            return (
              <rect
                key={day.date}
                x={PAD.left + index * slot + (slot - barWidth) / 2}
                y={figure >= 0 ? y(0) - height : y(0)}
                width={barWidth}
                height={Math.max(0, height)}
                rx={2}
                className={figure >= 0 ? 'fill-violet-500' : 'fill-rose-500'}
              >
                <title>{`${formatDay(day.date)}: ${format(figure)}`}</title>
              </rect>
            );
          })}
          {labelDays.map((day) => {
            const index = days.indexOf(day);
            const isLast = index === days.length - 1;
            return (
              <text
                key={day.date}
                x={isLast ? width - PAD.right : PAD.left + index * slot + slot / 2}
                y={HEIGHT - 8}
                textAnchor={isLast ? 'end' : 'middle'}
                className="fill-muted-foreground text-[12px]"
              >
                {formatDay(day.date)}
              </text>
            );
          })}
        </svg>
      </div>
      <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
      <details className="rounded-lg border border-border text-sm">
        <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium hover:bg-accent/60">{texts.showFigures}</summary>
        <div className="px-3 pb-3">
          {/* One scroll box, both ways: focusable, so a keyboard scrolls the 90 days too. */}
          <TableScroll label={texts.caption} className="max-h-72 overflow-y-auto">
            <table className="w-full text-left">
              <caption className="sr-only">{texts.caption}</caption>
              <thead>
                <tr className="text-muted-foreground">
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    {texts.day}
                  </th>
                  {columns.map((column) => (
                    <th key={column.label} scope="col" className="px-2 py-1.5 text-right font-medium">
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {days.map((day) => (
                  <tr key={day.date}>
                    <td className="py-1.5 pr-3 whitespace-nowrap">
                      <time dateTime={day.date}>{formatDay(day.date)}</time>
                    </td>
                    {columns.map((column) => (
                      <td key={column.label} className="px-2 py-1.5 text-right tabular-nums whitespace-nowrap">
                        {column.value(day)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      </details>
    </figure>
  );
}
