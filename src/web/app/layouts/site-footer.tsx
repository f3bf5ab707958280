import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homePathForRole } from '#shared/auth.ts';
import { BrandLogo } from '#web/components/brand-logo.tsx';
import { socialLinksOf } from '#web/components/social-icons.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { useBrand, useSiteContent } from '#web/lib/site.ts';

/**
 * Marks a `common` key: titles and labels here are keys, translated where they are shown, and this
 * marker lets the key test check them.
 */
const t = (key: string) => key;

/** A footer entry: a route, or a placeholder without a target (SPEC §2) shown as plain text. */
type FooterLink = { label: string; to?: string };

const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: t('footer.columns.product'),
    links: [
      { label: t('nav.features'), to: '/#features' },
      { label: t('nav.pricing'), to: '/#pricing' },
      { label: t('footer.links.testimonials'), to: '/#testimonials' },
      { label: t('nav.marketplace'), to: '/store' },
      { label: t('nav.zerriLink'), to: '/zerrilink' },
    ],
  },
  {
    title: t('footer.columns.resources'),
    links: [
      { label: t('footer.links.documentation'), to: '/docs' },
      { label: t('footer.links.guides'), to: '/guides' },
      { label: t('footer.links.blog'), to: '/blog' },
      { label: t('footer.links.support'), to: '/contact' },
    ],
  },
  {
    title: t('footer.columns.company'),
    links: [
      { label: t('footer.links.about'), to: '/about' },
      { label: t('footer.links.careers'), to: '/careers' },
      { label: t('footer.links.contact'), to: '/contact' },
      { label: t('footer.links.privacy'), to: '/privacy' },
    ],
  },
  {
    title: t('footer.columns.legal'),
    links: [
      { label: t('footer.links.terms'), to: '/terms' },
      { label: t('footer.links.cookies'), to: '/cookies' },
    ],
  },
];

export function SiteFooter() {
  const brand = useBrand();
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const content = useSiteContent();
  // Only the addresses the operator entered (Admin › Settings); none is invented.
  const socialLinks = socialLinksOf(content?.socialLinks);
  // No link to a section the operator hid.
  const columns = content?.testimonials.shown === false ? COLUMNS.map((column) => ({ ...column, links: column.links.filter((link) => link.to !== '/#testimonials') })) : COLUMNS;
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border bg-card/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.4fr_repeat(4,1fr)] lg:px-8">
        <div className="space-y-4">
          <BrandLogo />
          <p className="max-w-xs text-sm text-muted-foreground">
            {t('footer.tagline')}
          </p>
          {socialLinks.length > 0 ? (
            <ul className="flex gap-2" aria-label={t('footer.social')}>
              {socialLinks.map(({ network, label, href, Icon }) => (
                <li key={network}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('footer.socialLink', { brand, network: label })}
                    className="flex size-9 items-center justify-center rounded-full border border-border text-muted-foreground transition-colors hover:border-primary hover:text-foreground"
                  >
                    <Icon className="size-4" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {/* Signed in, the way back is the dashboard, not Creator Login / Sign Up. */}
          <div className="flex flex-wrap gap-2 pt-2">
            {user ? (
              <Button asChild size="sm">
                <Link to={homePathForRole(user.role)}>{t('footer.goToDashboard')}</Link>
              </Button>
            ) : (
              <>
                <Button asChild variant="outline" size="sm">
                  <Link to="/auth" state={{ defaultTab: 'login' }}>
                    {t('footer.creatorLogin')}
                  </Link>
                </Button>
                <Button asChild size="sm">
                  <Link to="/auth" state={{ defaultTab: 'signup' }}>
                    {t('footer.signUp')}
                  </Link>
                </Button>
              </>
            )}
          </div>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-4 lg:contents">
          {columns.map((column) => (
            <nav key={column.title} aria-label={t('footer.columnLinks', { title: t(column.title) })}>
              <h2 className="text-sm font-semibold text-foreground">{t(column.title)}</h2>
              <ul className="mt-4 space-y-3 text-sm">
                {column.links.map((link) => (
                  <li key={link.label}>
                    {link.to ? (
                      <Link to={link.to} className="text-muted-foreground transition-colors hover:text-foreground">
                        {t(link.label)}
                      </Link>
                    ) : (
                      <span className="cursor-default text-muted-foreground" aria-disabled="true" title={t('footer.comingSoon')}>
                        {t(link.label)} <span className="text-xs">{t('footer.soon')}</span>
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
          {t('footer.rights', { year, brand })}
        </p>
      </div>
    </footer>
  );
}
