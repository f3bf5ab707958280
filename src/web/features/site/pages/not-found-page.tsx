import { Compass, House, LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RichText } from '#web/components/rich-text.tsx';
import { Link, useLocation } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';

/** Any unknown path (SPEC §2). */
export function NotFoundPage() {
  const { t } = useTranslation('site');
  usePageTitle(t('notFound.title'));
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="not-found-title" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-accent text-brand-soft">
        <Compass aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-brand-soft uppercase">{t('notFound.eyebrow')}</p>
      <h1 id="not-found-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {t('notFound.title')}
      </h1>
      <p className="mt-4 text-muted-foreground">
        <RichText text={t('notFound.body', { path: pathname })} components={{ code: <code className="rounded bg-muted px-1.5 py-0.5 text-sm break-all text-foreground" /> }} />
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/">
            <House aria-hidden="true" /> {t('notFound.home')}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden="true" /> {t('notFound.dashboard')}
          </Link>
        </Button>
      </div>
    </section>
  );
}
