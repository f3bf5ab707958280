import { Cookie } from 'lucide-react';
import { Link } from 'react-router';
import { useBrand } from '#web/lib/site.ts';
import { InfoPage, InfoSection } from '../components/info-page.tsx';

const linkClass = 'font-medium text-brand-soft underline underline-offset-4 hover:text-foreground';

/** What the site actually stores in the browser: a session cookie and a few local settings. */
export function CookiesPage() {
  const brand = useBrand();
  return (
    <InfoPage
      title="Cookie Policy"
      eyebrow="Legal"
      icon={Cookie}
      description={`${brand} uses only essential cookies to keep you signed in, and local storage for a few settings. No advertising or tracking cookies.`}
    >
      <div className="mx-auto grid max-w-3xl gap-12">
        <InfoSection id="essential" title="Essential cookies only">
          <p>
            When you log in, we set a session cookie so you stay signed in. It is HTTP-only, so scripts cannot read it, and it
            is removed when you log out or the session expires. Without it, logging in is not possible.
          </p>
        </InfoSection>
        <InfoSection id="local-storage" title="Settings kept in your browser">
          <p>
            A few preferences stay in your browser’s local storage and never reach our servers: for example that you have
            closed the under-construction notice, or that you collapsed the dashboard sidebar.
          </p>
        </InfoSection>
        <InfoSection id="no-tracking" title="No tracking">
          <p>
            We use no advertising cookies and no third-party analytics. Short-link statistics count clicks without cookies.
            Questions? See our{' '}
            <Link to="/privacy" className={linkClass}>
              privacy policy
            </Link>{' '}
            or{' '}
            <Link to="/contact" className={linkClass}>
              contact us
            </Link>
            .
          </p>
        </InfoSection>
      </div>
    </InfoPage>
  );
}
