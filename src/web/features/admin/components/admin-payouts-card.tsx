import { Landmark } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UNCONNECTED_SELLERS, type UnconnectedSellers } from '#shared/payouts-connect.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#web/components/ui/radio-group.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { showToast } from '#web/lib/toast.ts';
import { usePlatformSettings } from '../api/get-platform-settings.ts';
import { useUpdatePlatformSettings } from '../api/update-platform-settings.ts';

const OPTION_KEYS = {
  held: { label: 'settings.payouts.held', hint: 'settings.payouts.heldHint', saved: 'settings.payouts.savedHeld' },
  connect_first: { label: 'settings.payouts.connectFirst', hint: 'settings.payouts.connectFirstHint', saved: 'settings.payouts.savedConnectFirst' },
} as const satisfies Record<UnconnectedSellers, { label: string; hint: string; saved: string }>;

/**
 * /admin/settings: what the platform does with creators who have no payout account taking transfers
 * (decision 035): their money is held on the platform (paid out by the manual payouts), or they must
 * connect one before their first sale.
 */
export function AdminPayoutsCard() {
  const { t } = useTranslation('admin');
  const id = useId();
  const { data: me } = useCurrentUser();
  // While an admin must still turn on two-factor sign-in, the admin API (this setting too) answers 403.
  const blocked = Boolean(me?.twoFactorSetupRequired);
  const { data: settings, isPending, isError, error, refetch, isFetching } = usePlatformSettings({ enabled: !blocked });
  const update = useUpdatePlatformSettings();
  // The choice being made, until saved; the saved setting otherwise.
  const [draft, setDraft] = useState<UnconnectedSellers>();
  if (!me || blocked) return null;

  const chosen = draft ?? settings?.unconnectedSellers ?? 'held';
  const changed = settings !== undefined && chosen !== settings.unconnectedSellers;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!settings || !changed || update.isPending) return;
    try {
      const saved = await update.mutateAsync({ unconnectedSellers: chosen });
      setDraft(undefined);
      showToast({ title: t('settings.saved'), description: t(OPTION_KEYS[saved.unconnectedSellers].saved), variant: 'success' });
    } catch (failure) {
      showToast({ title: t('settings.failed'), description: errorMessage(failure), variant: 'error' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Landmark aria-hidden="true" className="size-5 text-brand-soft" /> {t('settings.payouts.title')}
        </CardTitle>
        <CardDescription>{t('settings.payouts.description')}</CardDescription>
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
          <form noValidate onSubmit={(event) => void save(event)} aria-label={t('settings.payouts.title')} className="grid gap-4">
            <fieldset disabled={update.isPending} className="grid min-w-0 gap-3">
              <p id={`${id}-label`} className="text-sm font-medium">
                {t('settings.payouts.unconnectedLabel')}
              </p>
              <RadioGroup aria-labelledby={`${id}-label`} value={chosen} onValueChange={(next) => setDraft(next as UnconnectedSellers)}>
                {UNCONNECTED_SELLERS.map((option) => (
                  <div key={option} className="flex items-start gap-3">
                    <RadioGroupItem id={`${id}-${option}`} value={option} className="mt-0.5" aria-describedby={`${id}-${option}-hint`} />
                    <div className="grid gap-1">
                      <Label htmlFor={`${id}-${option}`} className="cursor-pointer">
                        {t(OPTION_KEYS[option].label)}
                      </Label>
                      <p id={`${id}-${option}-hint`} className="text-xs text-muted-foreground">
                        {t(OPTION_KEYS[option].hint)}
                      </p>
                    </div>
                  </div>
                ))}
              </RadioGroup>
            </fieldset>
            <div>
              <SubmitButton pending={update.isPending} pendingLabel={t('settings.payouts.saving')} disabled={!changed}>
                {t('settings.payouts.save')}
              </SubmitButton>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
