import { Outlet } from 'react-router';
import { NavigationProgress } from '#web/components/navigation-progress.tsx';
import { SkipLink } from '#web/components/skip-link.tsx';

/**
 * A page on its own, without the site's header and footer: the public payment page reads like a
 * hosted invoice (the merchant's document), not like the marketing site. The page brings its own footer.
 */
export function BareLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
    </div>
  );
}
