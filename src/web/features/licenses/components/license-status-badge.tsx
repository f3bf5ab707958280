import { useTranslation } from 'react-i18next';
import type { LicenseStatus } from '#shared/licenses.ts';
import { cn } from '#web/lib/utils.ts';

/** Active, Disabled, or Refunded (disabled by the sale's refund). */
export function LicenseStatusBadge({ status, refunded = false }: { status: LicenseStatus; refunded?: boolean }) {
  const { t } = useTranslation('licenses');
  return (
    <span
      className={cn(
        'inline-block w-fit rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        status === 'active' ? 'bg-emerald-500/15 text-emerald-200' : 'bg-red-500/15 text-red-200',
      )}
    >
      {status === 'active' ? t('status.active') : refunded ? t('status.refunded') : t('status.disabled')}
    </span>
  );
}
