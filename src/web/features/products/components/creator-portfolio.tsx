import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PortfolioItem } from '#shared/profiles.ts';

/** A storefront's skills and portfolio (sent only when the creator made their profile public). */
export function CreatorPortfolio({ skills = [], portfolio = [] }: { skills?: string[]; portfolio?: PortfolioItem[] }) {
  const { t } = useTranslation('profiles');
  if (skills.length === 0 && portfolio.length === 0) return null;
  return (
    <div className="grid gap-4 pt-2">
      {skills.length ? (
        <section aria-label={t('fields.skills')}>
          <ul className="flex flex-wrap gap-2">
            {skills.map((skill) => (
              <li key={skill} className="rounded-full border border-border bg-accent px-3 py-1 text-xs font-medium text-accent-foreground">
                {skill}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {portfolio.length ? (
        <section aria-labelledby="storefront-portfolio" className="grid gap-2">
          <h2 id="storefront-portfolio" className="text-sm font-semibold">
            {t('fields.portfolio')}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {portfolio.map((item) => (
              <li key={item.id} className="overflow-hidden rounded-lg border border-border bg-muted/40">
                {item.imageUrl ? <img src={item.imageUrl} alt="" loading="lazy" referrerPolicy="no-referrer" className="aspect-video w-full object-cover" /> : null}
                <a href={item.link} target="_blank" rel="noopener noreferrer nofollow" className="flex items-center gap-1 p-3 text-sm font-medium hover:underline">
                  {item.title} <ExternalLink aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">{t('view.opensInNewTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
