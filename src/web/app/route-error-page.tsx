import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';

/** Shown when a page throws while rendering; a plain full reload recovers from most of these. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : t('routeError.unknown');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{t('routeError.title')}</h1>
      <p className="max-w-md text-muted-foreground">{t('routeError.body', { detail })}</p>
      <div className="flex gap-3">
        <a href={window.location.pathname} className={buttonVariants()}>
          {t('routeError.reload')}
        </a>
        <a href="/" className={buttonVariants({ variant: 'outline' })}>
          {t('routeError.home')}
        </a>
      </div>
    </main>
  );
}
