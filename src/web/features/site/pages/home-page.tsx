import { lazy, type ReactNode, startTransition, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useSiteContent } from '#web/lib/site.ts';
import { ClosingCtaSection } from '../components/closing-cta-section.tsx';
import { FeaturesSection } from '../components/features-section.tsx';
import { HeroSection } from '../components/hero-section.tsx';
import { NewsletterSection } from '../components/newsletter-section.tsx';
import { PricingSection } from '../components/pricing-section.tsx';
import { ShortenerSection } from '../components/shortener-section.tsx';
import { TestimonialsSection } from '../components/testimonials-section.tsx';
import { UserCounterSection } from '../components/user-counter-section.tsx';
import { hasSeenNotice } from '../utils/construction-notice-seen.ts';

// The notice (a dialog) is loaded only for a first visit, so its code is not in every page's first view.
const ConstructionNotice = lazy(async () => ({ default: (await import('../components/construction-notice.tsx')).ConstructionNotice }));

// When each visit of the home page (a history entry) first rendered: the page may mount again within
// one visit (a language or a lazy part loading), and a press since the visit began still counts.
const shownAtByVisit = new Map<string, number>();
function shownAtOf(visit: string): number {
  let at = shownAtByVisit.get(visit);
  if (at === undefined) shownAtByVisit.set(visit, (at = performance.now()));
  return at;
}

const BELOW_FOLD = [FeaturesSection, PricingSection, TestimonialsSection, NewsletterSection, ClosingCtaSection];

/**
 * SPEC §2 home page, sections in order: hero, registered-user counter, URL shortener (the
 * ZerriLink embed arrives through `shortenerSlot`), features, pricing, testimonials, newsletter,
 * closing call to action; plus the under-construction notice on the first visit, unless the
 * operator turned it off (Admin › Settings › Public site).
 */
export function HomePage({ shortenerSlot }: { shortenerSlot?: ReactNode } = {}) {
  const { t } = useTranslation('site');
  usePageMeta({ title: t('home.title'), description: t('home.description') });
  const [shown, setShown] = useState(0);
  const shownAt = shownAtOf(useLocation().key);
  const notice = useSiteContent()?.constructionNotice;
  // The first screen renders alone; the sections below follow one transition each, so the browser
  // paints sooner and no long commit of them all blocks input.
  useEffect(() => {
    if (shown < BELOW_FOLD.length) startTransition(() => setShown(shown + 1));
  }, [shown]);
  return (
    <>
      <HeroSection />
      <UserCounterSection />
      <ShortenerSection>{shortenerSlot}</ShortenerSection>
      {BELOW_FOLD.slice(0, shown).map((Section, index) => (
        <Section key={index} />
      ))}
      {/* A page the app took over (decision 037) had the server's notice (construction-notice.js) already. */}
      {shown === BELOW_FOLD.length && notice?.shown && !hasSeenNotice() && window.__zerriTakeover === undefined ? (
        <Suspense fallback={null}>
          <ConstructionNotice pageShownAt={shownAt} text={notice.text} />
        </Suspense>
      ) : null}
    </>
  );
}
