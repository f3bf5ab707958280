import { ArrowRight, Sparkles, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RichText } from '#web/components/rich-text.tsx';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useBrand, useSiteContent } from '#web/lib/site.ts';
import { cn } from '#web/lib/utils.ts';

/**
 * First screen: the "premium version is coming soon" badge (unless the operator turned it off; its
 * place is kept, unseen, while that is loading), the promise, Get Started Free (Sign Up tab preset)
 * and Explore Marketplace.
 */
export function HeroSection() {
  const brand = useBrand();
  const premiumNotice = useSiteContent()?.premiumNotice;
  const { t } = useTranslation('site');
  return (
    <section aria-labelledby="hero-title" className="relative isolate -mt-16 overflow-hidden pt-16">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-40 left-1/2 h-[36rem] w-[56rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-violet-700/30 blur-3xl" />
        <div className="absolute top-40 -right-40 h-80 w-80 rounded-full bg-fuchsia-600/20 blur-3xl" />
      </div>
      <div className="mx-auto flex max-w-5xl flex-col items-center px-4 pt-16 pb-16 text-center sm:px-6 sm:pt-28 sm:pb-24">
        {premiumNotice?.shown === false ? null : (
          <p
            className={cn(
              'mb-8 inline-flex items-center gap-2 rounded-full border border-violet-400/30 bg-violet-500/10 px-4 py-1.5 text-sm font-medium text-violet-200',
              !premiumNotice && 'invisible',
            )}
          >
            <Sparkles aria-hidden="true" className="size-4" /> {t('hero.badge')}
          </p>
        )}
        <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
          <RichText text={t('hero.title', { brand })} components={{ brand: <span className="bg-gradient-to-r from-violet-300 via-fuchsia-300 to-violet-300 bg-clip-text text-transparent" /> }} />
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-pretty text-muted-foreground sm:text-xl">
          {t('hero.lead')}
        </p>
        <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to="/auth" state={{ defaultTab: 'signup' }} data-takeover="get-started">
              {t('hero.getStarted')} <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/store">
              <Store aria-hidden="true" /> {t('hero.explore')}
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
