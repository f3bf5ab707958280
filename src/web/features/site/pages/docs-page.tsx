import { BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import { useBrand } from '#web/lib/site.ts';
import { InfoPage, InfoSection } from '../components/info-page.tsx';

const codeClass = 'rounded bg-muted px-1.5 py-0.5 font-mono text-sm text-foreground';
const linkClass = 'font-medium text-brand-soft underline underline-offset-4 hover:text-foreground';

/** Short, honest documentation: using the platform and running it yourself. */
export function DocsPage() {
  const brand = useBrand();
  return (
    <InfoPage
      title="Documentation"
      eyebrow="Resources"
      icon={BookOpen}
      description={`Get started with ${brand}: create an account, sell digital products, share short links, and run your own instance.`}
    >
      <div className="mx-auto grid max-w-3xl gap-12">
        <InfoSection id="getting-started" title="Getting started">
          <p>
            <Link to="/auth" state={{ defaultTab: 'signup' }} className={linkClass}>
              Create an account
            </Link>{' '}
            as a creator (to sell) or as a user (to buy), confirm your e-mail address with the link we send you, and log in.
            Your dashboard shows your earnings, sales and product views.
          </p>
        </InfoSection>
        <InfoSection id="selling" title="Selling digital products">
          <p>
            From your dashboard, upload a product with a name, a price, a category, tags and the file itself, optionally with a
            cover image. Published products appear in the{' '}
            <Link to="/store" className={linkClass}>
              marketplace
            </Link>{' '}
            and on your storefront. Checkout is not live yet: buying is a demo for now.
          </p>
        </InfoSection>
        <InfoSection id="short-links" title="Short links">
          <p>
            <Link to="/zerrilink" className={linkClass}>
              ZerriLink
            </Link>{' '}
            turns any <code className={codeClass}>http://</code> or <code className={codeClass}>https://</code> address into a
            short link, with a random or a custom code, and counts its clicks. No account is needed.
          </p>
        </InfoSection>
        <InfoSection id="self-hosting" title="Running your own instance">
          <p>
            {brand} is self-hostable. With Node.js 20.19 or newer, <code className={codeClass}>npm install && npm start</code>{' '}
            builds the app, starts its own PostgreSQL and serves everything on port 3000. Configuration comes from environment
            variables such as <code className={codeClass}>PUBLIC_URL</code>, <code className={codeClass}>BRAND_NAME</code>,{' '}
            <code className={codeClass}>DATABASE_URL</code>, <code className={codeClass}>SMTP_URL</code> and{' '}
            <code className={codeClass}>ADMIN_EMAILS</code>; the project README lists them all.
          </p>
        </InfoSection>
        <p className="text-muted-foreground">
          More detailed reference pages are being written. Missing something?{' '}
          <Link to="/support" className={linkClass}>
            Ask support
          </Link>
          .
        </p>
      </div>
    </InfoPage>
  );
}
