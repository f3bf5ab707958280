import { ArrowRight, Bot, Briefcase, Layers, Package, Target, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useBrand } from '#web/lib/site.ts';
import { InfoCard, InfoPage, InfoSection } from '../components/info-page.tsx';

/** SPEC §2 info pages: mission, what we enable, join section. */
export function AboutPage() {
  const brand = useBrand();
  const { t } = useTranslation('info');
  return (
    <InfoPage
      title={t('about.title')}
      eyebrow={t('about.eyebrow', { brand })}
      icon={Users}
      description={t('about.description', { brand })}
    >
      <InfoSection id="mission" title={t('about.missionTitle')}>
        <p>{t('about.mission')}</p>
        <p>{t('about.selfHosted', { brand })}</p>
      </InfoSection>

      <section aria-labelledby="enable-title">
        <h2 id="enable-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('about.enableTitle')}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          <li>
            <InfoCard icon={Bot} title={t('about.aiTitle')}>
              {t('about.ai')}
            </InfoCard>
          </li>
          <li>
            <InfoCard icon={Package} title={t('about.productsTitle')}>
              {t('about.products')}
            </InfoCard>
          </li>
          <li>
            <InfoCard icon={Briefcase} title={t('about.servicesTitle')}>
              {t('about.services')}
            </InfoCard>
          </li>
          <li>
            <InfoCard icon={Layers} title={t('about.platformTitle')}>
              {t('about.platform')}
            </InfoCard>
          </li>
        </ul>
      </section>

      <section
        aria-labelledby="join-title"
        className="rounded-3xl border border-violet-400/30 bg-gradient-to-br from-violet-950/70 via-card to-card p-8 text-center sm:p-12"
      >
        <Target aria-hidden="true" className="mx-auto size-8 text-brand-soft" />
        <h2 id="join-title" className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
          {t('about.joinTitle')}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
          {t('about.join', { brand })}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/auth" state={{ defaultTab: 'signup' }}>
              {t('info.createAccount')} <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/careers">{t('about.careers')}</Link>
          </Button>
        </div>
      </section>
    </InfoPage>
  );
}
