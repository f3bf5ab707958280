import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { cn } from '#web/lib/utils.ts';

/** The frame of an info page: its title (document title and h1), description and an intro band. */
export function InfoPage({
  title,
  eyebrow,
  description,
  intro,
  icon: Icon,
  children,
}: {
  title: string;
  eyebrow: string;
  /** The meta description; also the lead paragraph unless `intro` is given. */
  description: string;
  intro?: ReactNode;
  icon: LucideIcon;
  children: ReactNode;
}) {
  usePageMeta({ title, description });
  return (
    <article aria-labelledby="page-title">
      <header className="relative isolate -mt-16 overflow-hidden border-b border-border/60 pt-16">
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
          <div className="absolute -top-48 left-1/2 h-[28rem] w-[48rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-violet-700/25 blur-3xl" />
        </div>
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-primary/15 text-brand-soft">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <p className="mt-5 text-sm font-semibold tracking-widest text-brand-soft uppercase">{eyebrow}</p>
          <h1 id="page-title" className="mt-2 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {title}
          </h1>
          <div className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-muted-foreground">{intro ?? <p>{description}</p>}</div>
        </div>
      </header>
      <div className="mx-auto grid max-w-5xl gap-16 px-4 py-14 sm:px-6 sm:py-20">{children}</div>
    </article>
  );
}

/** A titled block inside an info page. */
export function InfoSection({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn('scroll-mt-20', className)}>
      <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      <div className="mt-4 grid gap-4 leading-relaxed text-muted-foreground">{children}</div>
    </section>
  );
}

/** A card with an icon, a title and text; a whole-card link when `to` or `href` is given. */
export function InfoCard({
  icon: Icon,
  title,
  children,
  to,
  href,
  headingLevel = 'h3',
  footer,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  to?: string;
  href?: string;
  headingLevel?: 'h2' | 'h3';
  footer?: ReactNode;
}) {
  const Heading = headingLevel;
  const body = (
    <>
      <span className="flex size-11 items-center justify-center rounded-xl bg-primary/15 text-brand-soft transition-colors group-hover:bg-primary/25">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <Heading className="mt-4 text-lg font-semibold tracking-tight text-foreground">{title}</Heading>
      <div className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{children}</div>
      {footer ? <div className="mt-4 text-sm font-medium text-brand-soft">{footer}</div> : null}
    </>
  );
  const className =
    'group flex h-full flex-col rounded-2xl border border-border bg-card/70 p-6 transition-colors hover:border-violet-400/40 hover:bg-card';
  if (to) {
    return (
      <Link to={to} className={className}>
        {body}
      </Link>
    );
  }
  if (href) {
    return (
      <a href={href} className={className}>
        {body}
      </a>
    );
  }
  return <div className={className}>{body}</div>;
}
