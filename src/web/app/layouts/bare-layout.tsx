import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NavigationProgress } from '#web/components/navigation-progress.tsx';

/**
 * A page on its own, without the site's header and footer: the public payment page reads like a
 * hosted invoice (the merchant's document), not like the marketing site. The page brings its own footer.
 */
export function BareLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('skipToContent')}
      </a>
      <NavigationProgress />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
    </div>
  );
}
