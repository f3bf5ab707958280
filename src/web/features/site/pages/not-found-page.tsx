import { Compass, House, LayoutDashboard } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';

/** Any unknown path (SPEC §2). */
export function NotFoundPage() {
  usePageTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="not-found-title" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-accent text-brand-soft">
        <Compass aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-brand-soft uppercase">Error 404</p>
      <h1 id="not-found-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-4 text-muted-foreground">
        We could not find <code className="rounded bg-muted px-1.5 py-0.5 text-sm break-all text-foreground">{pathname}</code>. It
        may have moved, or the address may be mistyped.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/">
            <House aria-hidden="true" /> Go to Homepage
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden="true" /> Go to Dashboard
          </Link>
        </Button>
      </div>
    </section>
  );
}
