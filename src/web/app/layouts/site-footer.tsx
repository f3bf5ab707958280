import { Link } from 'react-router';
import { BrandLogo } from '#web/components/brand-logo.tsx';
import { SOCIAL_LINKS } from '#web/components/social-icons.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useBrand } from '#web/lib/site.ts';

/** A footer entry: a route, or a placeholder without a target (SPEC §2) shown as plain text. */
type FooterLink = { label: string; to?: string };

const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: '/#features' },
      { label: 'Pricing', to: '/#pricing' },
      { label: 'Testimonials', to: '/#testimonials' },
      { label: 'Marketplace', to: '/store' },
      { label: 'ZerriLink', to: '/zerrilink' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Documentation', to: '/docs' },
      { label: 'Guides', to: '/guides' },
      { label: 'Blog', to: '/blog' },
      { label: 'Support', to: '/contact' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Careers', to: '/careers' },
      { label: 'Contact Us', to: '/contact' },
      { label: 'Privacy Policy', to: '/privacy' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Cookie Policy', to: '/cookies' },
    ],
  },
];

export function SiteFooter() {
  const brand = useBrand();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border bg-card/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.4fr_repeat(4,1fr)] lg:px-8">
        <div className="space-y-4">
          <BrandLogo />
          <p className="max-w-xs text-sm text-muted-foreground">
            Sell digital products, invoice clients, shorten links and find work — all in one place for creators.
          </p>
          <ul className="flex gap-2" aria-label="Social media">
            {SOCIAL_LINKS.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${brand} on ${label} (opens in a new tab)`}
                  className="flex size-9 items-center justify-center rounded-full border border-border text-muted-foreground transition-colors hover:border-primary hover:text-foreground"
                >
                  <Icon className="size-4" />
                </a>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2 pt-2">
            <Button asChild variant="outline" size="sm">
              <Link to="/auth" state={{ defaultTab: 'login' }}>
                Creator Login
              </Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/auth" state={{ defaultTab: 'signup' }}>
                Sign Up
              </Link>
            </Button>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-4 lg:contents">
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-label={`${column.title} links`}>
              <h2 className="text-sm font-semibold text-foreground">{column.title}</h2>
              <ul className="mt-4 space-y-3 text-sm">
                {column.links.map((link) => (
                  <li key={link.label}>
                    {link.to ? (
                      <Link to={link.to} className="text-muted-foreground transition-colors hover:text-foreground">
                        {link.label}
                      </Link>
                    ) : (
                      <span className="cursor-default text-muted-foreground" aria-disabled="true" title="Coming soon">
                        {link.label} <span className="text-xs">(soon)</span>
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-xs text-muted-foreground sm:px-6 lg:px-8">
          © {year} {brand}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
