import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/utils.ts';

const STYLES: Record<string, string> = {
  completed: 'border-emerald-500/40 bg-emerald-500/15 text-emerald-300',
  processing: 'border-amber-500/40 bg-amber-500/15 text-amber-200',
};

/** Completed green, processing yellow, failed or refunded red. */
export function StatusBadge({ status }: { status: 'completed' | 'processing' | 'failed' | 'refunded' }) {
  const { t } = useTranslation('admin');
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', STYLES[status] ?? 'border-red-500/40 bg-red-500/15 text-red-300')}>
      {t(`transactions.statuses.${status}`)}
    </span>
  );
}
