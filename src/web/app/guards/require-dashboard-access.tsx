import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { useBrand } from '#web/lib/site.ts';

export type DashboardArea = 'creator' | 'admin';

const ADMIN_SETTINGS = '/admin/settings';

/**
 * SPEC §4 dashboard guard: a spinner while the session loads; no user → /auth;
 * a non-admin in the admin area → /dashboard; an admin in the creator area → /admin;
 * an admin who must first turn on two-factor sign-in (platform setting) → /admin/settings.
 */
export function RequireDashboardAccess({ area, children }: { area: DashboardArea; children: ReactNode }) {
  const { data: user, isPending, isError, error, refetch } = useCurrentUser();
  const brand = useBrand();
  const location = useLocation();
  const { t } = useTranslation();

  if (isPending) {
    return (
      <main className="flex min-h-dvh items-center justify-center">
        <LoadingState label={t('guard.loading', { brand })} />
      </main>
    );
  }
  if (isError) {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-xl font-semibold">{t('guard.failed')}</h1>
        <p className="text-muted-foreground">{errorMessage(error)}</p>
        <Button onClick={() => void refetch()}>{t('tryAgain')}</Button>
      </main>
    );
  }
  if (!user) return <Navigate to="/auth" replace state={{ defaultTab: 'login', from: `${location.pathname}${location.search}${location.hash}` }} />;
  if (area === 'admin' && user.role !== 'admin') return <Navigate to="/dashboard" replace />;
  if (area === 'admin' && user.twoFactorSetupRequired && location.pathname !== ADMIN_SETTINGS) return <Navigate to={ADMIN_SETTINGS} replace />;
  if (area === 'creator' && user.role === 'admin') return <Navigate to="/admin" replace />;
  return children;
}
