import { ArrowLeft, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';

/** A not-found or error page with the way back to the marketplace (SPEC §8). */
export function StoreNotice({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  const { t } = useTranslation('products');
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-16 text-center sm:py-24">
      <div role="alert" className="grid justify-items-center gap-4 rounded-2xl border border-border bg-card/70 p-8 sm:p-10">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-brand-soft">
          <SearchX aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {children ? <div className="text-muted-foreground">{children}</div> : null}
        <div className="flex flex-wrap justify-center gap-3">
          {action}
          <Button asChild>
            <Link to="/store">
              <ArrowLeft aria-hidden="true" /> {t('notice.back')}
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
