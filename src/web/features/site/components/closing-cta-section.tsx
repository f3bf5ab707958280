import { ArrowRight, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';

/** The last word: create an account, or talk to us. */
export function ClosingCtaSection() {
  const { t } = useTranslation('site');
  return (
    <section aria-labelledby="closing-cta-title" className="px-4 pb-24 sm:px-6">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl border border-violet-400/30 bg-gradient-to-br from-violet-700 via-violet-800 to-fuchsia-900 px-6 py-14 text-center shadow-2xl shadow-violet-950/50 sm:px-12 sm:py-16">
        <div aria-hidden="true" className="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-fuchsia-400/20 blur-3xl" />
        <h2 id="closing-cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          {t('closing.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-violet-100">
          {t('closing.text')}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="bg-white text-violet-800 shadow-lg hover:bg-violet-50">
            <Link to="/auth" state={{ defaultTab: 'signup' }} data-takeover="create-account">
              {t('closing.createAccount')} <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="border-white/40 text-white hover:bg-white/10 hover:text-white">
            <Link to="/contact">
              <MessageCircle aria-hidden="true" /> {t('closing.talk')}
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
