import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlatformSettings } from '#shared/auth-two-factor.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { usePlatformSettings } from '../api/get-platform-settings.ts';

/**
 * A card of /admin/settings over the platform settings: their loading and error states, then what
 * `children` makes of them. Nothing while the admin must still turn on two-factor sign-in (the admin
 * API, these settings too, answers 403 until then).
 */
export function PlatformSettingsCard({ icon: Icon, title, description, children }: { icon: LucideIcon; title: string; description: string; children: (settings: PlatformSettings) => ReactNode }) {
  const { t } = useTranslation('admin');
  const { data: me } = useCurrentUser();
  const blocked = Boolean(me?.twoFactorSetupRequired);
  const { data: settings, isPending, isError, error, refetch, isFetching } = usePlatformSettings({ enabled: !blocked });
  if (!me || blocked) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-5 text-brand-soft" /> {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
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
          children(settings)
        )}
      </CardContent>
    </Card>
  );
}
