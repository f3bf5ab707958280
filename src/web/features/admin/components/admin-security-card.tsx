import { ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TWO_FACTOR_CODES } from '#shared/auth-two-factor.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage, isApiError } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { showToast } from '#web/lib/toast.ts';
import { usePlatformSettings } from '../api/get-platform-settings.ts';
import { useUpdatePlatformSettings } from '../api/update-platform-settings.ts';

/** /admin/settings: the platform setting that requires two-factor sign-in for every admin (issue #16). */
export function AdminSecurityCard() {
  const { t } = useTranslation('admin');
  const id = useId();
  const { data: me } = useCurrentUser();
  // While an admin must still turn on two-factor sign-in, the admin API (this setting too) answers 403.
  const blocked = Boolean(me?.twoFactorSetupRequired);
  const { data: settings, isPending, isError, error, refetch, isFetching } = usePlatformSettings({ enabled: !blocked });
  const update = useUpdatePlatformSettings();
  if (!me || blocked) return null;

  const ownTwoFactor = Boolean(me.twoFactorEnabled);
  const checked = Boolean(settings?.requireAdminTwoFactor);
  // An admin cannot require it before having it (the server refuses too): that would lock them out.
  const disabled = !settings || update.isPending || (!checked && !ownTwoFactor);

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
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldAlert aria-hidden="true" className="size-5 text-brand-soft" /> {t('settings.title')}
        </CardTitle>
        <CardDescription>{t('settings.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> {t('settings.loading')}
          </p>
        ) : isError ? (
          <Notice variant="error" title={t('settings.loadFailed')}>
            <p>{errorMessage(error)}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()} disabled={isFetching}>
              {t('settings.tryAgain')}
            </Button>
          </Notice>
        ) : (
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
        )}
      </CardContent>
    </Card>
  );
}
