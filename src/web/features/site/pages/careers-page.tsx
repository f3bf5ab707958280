import { Briefcase, Code2, Mail, Megaphone, PenTool, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { useBrand, useSite } from '#web/lib/site.ts';
import { InfoCard, InfoPage, InfoSection } from '../components/info-page.tsx';

/** SPEC §2 info pages: four areas and a mailto link to the careers address (from /api/site). */
export function CareersPage() {
  const brand = useBrand();
  const { data: site, isPending } = useSite();
  const careers = site?.contacts.careers;
  const { t } = useTranslation('info');
  const areas = [
    { id: 'engineering', title: t('careers.engineeringTitle'), icon: Code2, text: t('careers.engineering') },
    { id: 'design', title: t('careers.designTitle'), icon: PenTool, text: t('careers.design') },
    { id: 'marketing', title: t('careers.marketingTitle'), icon: Megaphone, text: t('careers.marketing') },
    { id: 'community', title: t('careers.communityTitle'), icon: Users, text: t('careers.community') },
  ];
  return (
    <InfoPage
      title={t('careers.title')}
      eyebrow={t('careers.eyebrow', { brand })}
      icon={Briefcase}
      description={t('careers.description', { brand })}
    >
      <section aria-labelledby="areas-title">
        <h2 id="areas-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('careers.areasTitle')}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {areas.map((area) => (
            <li key={area.id}>
              <InfoCard icon={area.icon} title={area.title}>
                {area.text}
              </InfoCard>
            </li>
          ))}
        </ul>
      </section>

      <InfoSection id="apply" title={t('careers.applyTitle')} className="rounded-3xl border border-border bg-card/70 p-8 text-center sm:p-12">
        <p className="mx-auto max-w-xl">
          {t('careers.apply')}
        </p>
        <div className="mt-2 flex justify-center">
          {careers ? (
            <Button asChild size="lg">
              <a href={`mailto:${careers}?subject=${encodeURIComponent(t('careers.mailSubject', { brand }))}`}>
                <Mail aria-hidden="true" /> {t('careers.email', { address: careers })}
              </a>
            </Button>
          ) : isPending ? (
            <span role="status" className="h-11 w-64 animate-pulse rounded-lg bg-muted">
              <span className="sr-only">{t('careers.loadingAddress')}</span>
            </span>
          ) : (
            <p>{t('careers.addressFailed')}</p>
          )}
        </div>
      </InfoSection>
    </InfoPage>
  );
}
