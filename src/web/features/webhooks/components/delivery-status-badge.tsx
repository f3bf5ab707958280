import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/utils.ts';
import type { DeliveryState } from '../utils/delivery-state.ts';

const STYLES: Record<DeliveryState, string> = {
  sending: 'border-violet-500/40 bg-violet-500/15 text-violet-200',
  retrying: 'border-amber-500/40 bg-amber-500/15 text-amber-200',
  delivered: 'border-emerald-500/40 bg-emerald-500/15 text-emerald-200',
  failed: 'border-red-500/40 bg-red-500/15 text-red-200',
};

export function DeliveryStatusBadge({ state }: { state: DeliveryState }) {
  const { t } = useTranslation('webhooks');
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', STYLES[state])}>
      {t(`log.${state}`)}
    </span>
  );
}
