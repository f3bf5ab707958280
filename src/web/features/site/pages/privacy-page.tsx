import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RichText } from '#web/components/rich-text.tsx';
import { Link } from 'react-router';
import { useBrand } from '#web/lib/site.ts';
import { InfoPage, InfoSection } from '../components/info-page.tsx';

/** Today in the visitor's time zone: the label in the interface language and the ISO date for `<time dateTime>`. */
function today(language: string) {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    label: new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric' }).format(now),
    iso: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
  };
}

const linkClass = 'font-medium text-brand-soft underline underline-offset-4 hover:text-foreground';

/** SPEC §2 info pages: four sections, an effective date equal to today, and a link to /contact. */
export function PrivacyPage() {
  const brand = useBrand();
  const { t, i18n } = useTranslation('info');
  const effective = today(i18n.resolvedLanguage ?? 'en');
  return (
    <InfoPage
      title={t('privacy.title')}
      eyebrow={t('info.legal')}
      icon={ShieldCheck}
      description={t('privacy.description', { brand })}
      intro={
        <>
          <p>{t('privacy.intro', { brand })}</p>
          <p className="mt-3 text-base">
            {t('privacy.effective')} <time dateTime={effective.iso}>{effective.label}</time>
          </p>
        </>
      }
    >
      <div className="mx-auto grid max-w-3xl gap-12">
        <InfoSection id="information-collected" title={t('privacy.collectedTitle')}>
          <p>{t('privacy.collected')}</p>
          <p>{t('privacy.newsletter')}</p>
        </InfoSection>
        <InfoSection id="use-of-information" title={t('privacy.useTitle')}>
          <p>{t('privacy.use')}</p>
        </InfoSection>
        <InfoSection id="data-security" title={t('privacy.securityTitle')}>
          <p>{t('privacy.security')}</p>
        </InfoSection>
        <InfoSection id="your-rights" title={t('privacy.rightsTitle')}>
          <p>
            <RichText text={t('privacy.rights')} components={{ contact: <Link to="/contact" className={linkClass} /> }} />
          </p>
        </InfoSection>
      </div>
    </InfoPage>
  );
}
