import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/lib/page-title.ts';
import { cn } from '#web/lib/utils.ts';

/** A page that is not built yet: its name as the h1 and one sentence saying it is coming. */
export function PlaceholderPage({
  title,
  description,
  className,
  children,
}: {
  title: string;
  description?: string;
  className?: string;
  children?: ReactNode;
}) {
  usePageTitle(title);
  const { t } = useTranslation();
  return (
    <section className={cn('mx-auto w-full max-w-3xl px-4 py-10 sm:py-16', className)} aria-labelledby="page-title">
      <div className="rounded-2xl border border-dashed border-border bg-card/60 p-8 text-center sm:p-12">
        <span className="mx-auto mb-5 flex size-12 items-center justify-center rounded-full bg-accent text-brand-soft">
          <Construction aria-hidden="true" className="size-6" />
        </span>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h1>
        <p className="mt-3 text-muted-foreground">{description ?? t('placeholder.comingSoon', { title })}</p>
        {children ? <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div> : null}
      </div>
    </section>
  );
}
