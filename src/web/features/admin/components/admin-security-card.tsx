import { ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TWO_FACTOR_CODES, type PlatformSettings } from '#shared/auth-two-factor.ts';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage, isApiError } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { showToast } from '#web/lib/toast.ts';
import { useUpdatePlatformSettings } from '../api/update-platform-settings.ts';
import { PlatformSettingsCard } from './platform-settings-card.tsx';

/** /admin/settings: the platform setting that requires two-factor sign-in for every admin (issue #16). */
export function AdminSecurityCard() {
  const { t } = useTranslation('admin');
  return (
    <PlatformSettingsCard icon={ShieldAlert} title={t('settings.title')} description={t('settings.description')}>
      {(settings) => <RequireTwoFactorSwitch settings={settings} />}
    </PlatformSettingsCard>
  );
}

function RequireTwoFactorSwitch({ settings }: { settings: PlatformSettings }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { data: me } = useCurrentUser();
  const update = useUpdatePlatformSettings();
  const ownTwoFactor = Boolean(me?.twoFactorEnabled);
  const checked = settings.requireAdminTwoFactor;
  // An admin cannot require it before having it (the server refuses too): that would lock them out.
  const disabled = update.isPending || (!checked && !ownTwoFactor);

  const toggle = async () => {
    try {
      const saved = await update.mutateAsync({ requireAdminTwoFactor: !checked });
      showToast({
        title: t('settings.saved'),
        description: saved.requireAdminTwoFactor ? t('settings.savedOn') : t('settings.savedOff'),
        variant: 'success',
      });
    } catch (failure) {
      const message = isApiError(failure) && failure.code === TWO_FACTOR_CODES.enableYourOwnFirst ? t('settings.enableYourOwnFirst') : errorMessage(failure);
      showToast({ title: t('settings.failed'), description: message, variant: 'error' });
    }
  };

  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={() => void toggle()}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-violet-600 disabled:cursor-not-allowed"
        aria-describedby={`${id}-hint`}
      />
      <div className="grid gap-1">
        <Label htmlFor={id} className="cursor-pointer">
          {t('settings.requireTwoFactor')}
        </Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {!checked && !ownTwoFactor ? t('settings.enableYourOwnFirst') : t('settings.requireTwoFactorHint')}
        </p>
      </div>
      {update.isPending ? <Spinner className="size-4" /> : null}
    </div>
  );
}
