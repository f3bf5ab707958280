import { useTranslation } from 'react-i18next';
import { DayBarsChart } from '#web/components/day-bars-chart.tsx';
import { formatCount, formatDay } from '#web/lib/format.ts';

/** Clicks per day as bars: an SVG image with a summary label, and the numbers in a table to open (the shared DayBarsChart). */
export function ClicksChart({ daily }: { daily: { day: string; clicks: number }[] }) {
  const { t } = useTranslation('links-pages');
  const days = daily.map((entry) => ({ date: entry.day, clicks: entry.clicks }));
  const total = daily.reduce((sum, entry) => sum + entry.clicks, 0);
  const best = daily.reduce<{ day: string; clicks: number } | null>((top, entry) => (!top || entry.clicks > top.clicks ? entry : top), null);
  const first = daily[0];
  const last = daily[daily.length - 1];
  const range = first && last ? { from: formatDay(first.day), to: formatDay(last.day), total: formatCount(total) } : null;
  const summary = !range
    ? t('chart.noData')
    : best && best.clicks > 0
      ? t('chart.summaryWithBest', { ...range, bestDay: formatDay(best.day), bestClicks: formatCount(best.clicks) })
      : t('chart.summary', range);
  return (
    <DayBarsChart
      days={days}
      value={(day) => day.clicks}
      format={formatCount}
      summary={summary}
      texts={{ showFigures: t('chart.showNumbers'), caption: t('chart.caption'), day: t('chart.day') }}
      columns={[{ label: t('links:common.clicks'), value: (day) => formatCount(day.clicks) }]}
    />
  );
}
