import { Outlet } from 'react-router';
import { NavigationProgress } from '#web/components/navigation-progress.tsx';
import { SkipLink } from '#web/components/skip-link.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { useHashScroll } from './use-hash-scroll.ts';

/** SPEC §2 public layout: fixed header, main area, footer. */
export function PublicLayout() {
  useHashScroll();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
