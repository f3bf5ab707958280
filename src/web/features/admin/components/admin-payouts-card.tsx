import { Landmark } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UNCONNECTED_SELLERS, type UnconnectedSellers } from '#shared/payouts-connect.ts';
import { Label } from '#web/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#web/components/ui/radio-group.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { showToast } from '#web/lib/toast.ts';
import { useUpdatePlatformSettings } from '../api/update-platform-settings.ts';
import { PlatformSettingsCard } from './platform-settings-card.tsx';

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
  return (
    <PlatformSettingsCard icon={Landmark} title={t('settings.payouts.title')} description={t('settings.payouts.description')}>
      {(settings) => <UnconnectedSellersForm current={settings.unconnectedSellers} />}
    </PlatformSettingsCard>
  );
}

function UnconnectedSellersForm({ current }: { current: UnconnectedSellers }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const update = useUpdatePlatformSettings();
  // The choice being made, until saved; the saved setting otherwise.
  const [draft, setDraft] = useState<UnconnectedSellers>();
  const chosen = draft ?? current;
  const changed = chosen !== current;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!changed || update.isPending) return;
    try {
      const saved = await update.mutateAsync({ unconnectedSellers: chosen });
      setDraft(undefined);
      showToast({ title: t('settings.saved'), description: t(OPTION_KEYS[saved.unconnectedSellers].saved), variant: 'success' });
    } catch (failure) {
      showToast({ title: t('settings.failed'), description: errorMessage(failure), variant: 'error' });
    }
  };

  return (
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
  );
}
