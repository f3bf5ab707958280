import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/utils.ts';
import type { InvoiceStatus } from '../api/types.ts';

// SPEC §4: paid green, pending yellow, any other red.
const STYLES: Record<string, string> = {
  paid: 'border-emerald-500/40 bg-emerald-500/15 text-emerald-300',
  pending: 'border-amber-500/40 bg-amber-500/15 text-amber-200',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('invoices');
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', STYLES[status] ?? 'border-red-500/40 bg-red-500/15 text-red-300')}>
      {t(`status.${status}`)}
    </span>
  );
}
