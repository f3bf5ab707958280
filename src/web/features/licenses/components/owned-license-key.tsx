import { useTranslation } from 'react-i18next';
import type { OwnedLicense } from '#shared/licenses-api.ts';
import { LicenseKeyCopy } from './license-key-copy.tsx';
import { LicenseStatusBadge } from './license-status-badge.tsx';

/** A purchase's license key in the buyer's library, with a copy button; marked when disabled. */
export function OwnedLicenseKey({ license, productName }: { license: OwnedLicense; productName: string }) {
  const { t } = useTranslation('licenses');
  return (
    <div className="grid gap-1 rounded-lg border border-border bg-muted/40 px-3 py-2" data-testid="license-key">
      <p className="flex flex-wrap items-center justify-between gap-2 text-xs font-medium text-muted-foreground">
        {t('library.label')}
        {license.status === 'disabled' ? <LicenseStatusBadge status="disabled" /> : null}
      </p>
      <LicenseKeyCopy licenseKey={license.key} label={t('library.copy', { product: productName })} />
    </div>
  );
}
