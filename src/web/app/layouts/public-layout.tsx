import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NavigationProgress } from '#web/components/navigation-progress.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { useHashScroll } from './use-hash-scroll.ts';

/** SPEC §2 public layout: fixed header, main area, footer. */
export function PublicLayout() {
  useHashScroll();
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
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
