import { Ban, CircleCheck, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDisableLicense } from '../api/disable-license.ts';
import { useEnableLicense } from '../api/enable-license.ts';
import type { CreatorLicense } from '../api/get-my-licenses.ts';
import { useResetLicenseUses } from '../api/reset-license-uses.ts';

/** Disable or Enable (not after a refund) and Reset uses, for one key; every button waits while one runs. */
export function LicenseActions({ license }: { license: CreatorLicense }) {
  const { t } = useTranslation('licenses');
  const disable = useDisableLicense();
  const enable = useEnableLicense();
  const reset = useResetLicenseUses();
  const pending = disable.isPending || enable.isPending || reset.isPending;
  const who = { product: license.productName, email: license.buyerEmail };

  const run = (mutation: typeof disable, done: { title: string; description: string }) =>
    mutation.mutate(license.id, {
      onSuccess: () => showToast({ ...done, variant: 'success' }),
      onError: (error) => showToast({ title: t('common.error'), description: localizeError(error, 'licenses', t('common.unexpected')), variant: 'error' }),
    });

  return (
    <div className="flex flex-wrap justify-end gap-2">
      {license.status === 'active' ? (
        <Button
          variant="outline"
          size="sm"
          disabled={pending}
          aria-label={t('actions.disableLabel', who)}
          onClick={() => run(disable, { title: t('actions.disabledTitle'), description: t('actions.disabled', who) })}
        >
          <Ban aria-hidden="true" /> {disable.isPending ? t('actions.disabling') : t('actions.disable')}
        </Button>
      ) : license.refunded ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={pending}
          aria-label={t('actions.enableLabel', who)}
          onClick={() => run(enable, { title: t('actions.enabledTitle'), description: t('actions.enabled', who) })}
        >
          <CircleCheck aria-hidden="true" /> {enable.isPending ? t('actions.enabling') : t('actions.enable')}
        </Button>
      )}
      <Button
        variant="ghost"
        size="sm"
        disabled={pending || license.uses === 0}
        aria-label={t('actions.resetLabel', who)}
        onClick={() => run(reset, { title: t('actions.resetTitle'), description: t('actions.reset', who) })}
      >
        <RotateCcw aria-hidden="true" /> {reset.isPending ? t('actions.resetting') : t('actions.resetUses')}
      </Button>
    </div>
  );
}
