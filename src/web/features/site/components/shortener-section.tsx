import { ArrowRight, Link2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';

function ShortenerTeaser() {
  const { t } = useTranslation('site');
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-5 rounded-2xl border border-border bg-card/70 p-8 text-center sm:flex-row sm:text-left">
      <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-accent text-brand-soft">
        <Link2 aria-hidden="true" className="size-7" />
      </span>
      <div className="flex-1">
        <h2 className="text-xl font-bold tracking-tight">{t('shortener.title')}</h2>
        <p className="mt-1 text-muted-foreground">{t('shortener.text')}</p>
      </div>
      <Button asChild variant="secondary">
        <Link to="/zerrilink">
          {t('shortener.open')} <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}

/** Third home section: the ZerriLink embed passed in by the router, or a teaser linking to /zerrilink. */
export function ShortenerSection({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('site');
  return (
    <section id="shortener" aria-label={t('shortener.label')} className="scroll-mt-20 px-4 pt-12 sm:px-6 sm:pt-16">
      {children ?? <ShortenerTeaser />}
    </section>
  );
}
