import { Link2 } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';

/** /z/{alias}: the short-link redirect screen (placeholder until ZerriLink is built). */
export function ShortLinkRedirectPage() {
  usePageTitle('Redirecting');
  const alias = useParams()['*'] ?? '';
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-accent text-brand-soft">
        <Link2 aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">Short link redirect</h1>
      <p className="max-w-md text-muted-foreground">
        {alias ? (
          <>
            Redirects for <code className="rounded bg-muted px-1.5 py-0.5 text-foreground">{alias}</code> are coming soon.
          </>
        ) : (
          'Short link redirects are coming soon.'
        )}
      </p>
      <Button asChild>
        <Link to="/zerrilink">Go to ZerriLink</Link>
      </Button>
    </main>
  );
}
