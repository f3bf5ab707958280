import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useProfile } from '../api/get-profile.ts';
import { ChangePasswordCard } from '../components/change-password-card.tsx';
import { DeleteAccountCard } from '../components/delete-account-card.tsx';
import { SettingsForm } from '../components/settings-form.tsx';
import { StorageCard } from '../components/storage-card.tsx';
import { useLiveProfile } from '../utils/use-live-profile.ts';

/**
 * /dashboard/settings and /admin/settings: my settings, plan (composed in by the router: Plan &
 * Billing), password, security (composed in: two-factor sign-in and passkeys), integrations
 * (composed in: the way to webhooks), the platform's settings (composed in for admins: the public site) and account.
 */
export function SettingsPage({ plan, security, integrations, platform }: { plan?: ReactNode; security?: ReactNode; integrations?: ReactNode; platform?: ReactNode }) {
  const { t } = useTranslation('profiles');
  usePageTitle(t('settings.title'));
  const { data: profile, isPending, isError, error, refetch, isFetching } = useProfile();
  useLiveProfile();

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('settings.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('settings.subtitle')}</p>
      </div>
      {isPending ? (
        <LoadingState label={t('settings.loading')} />
      ) : isError ? (
        <div className="grid gap-4">
          <Notice variant="error" title={isApiError(error, 401) ? t('profiles:errors.userNotFound') : t('settings.loadFailed')}>
            {isApiError(error, 401) ? null : localizeError(error, 'profiles')}
          </Notice>
          {isApiError(error, 401) ? null : (
            <div>
              <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
                {t('settings.tryAgain')}
              </Button>
            </div>
          )}
        </div>
      ) : (
        <>
          <SettingsForm profile={profile} />
          {plan}
          <StorageCard />
          <ChangePasswordCard />
          {security}
          {integrations}
          {platform}
          <DeleteAccountCard />
        </>
      )}
    </div>
  );
}
