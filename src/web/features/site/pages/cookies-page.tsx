import { Cookie } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RichText } from '#web/components/rich-text.tsx';
import { Link } from 'react-router';
import { useBrand } from '#web/lib/site.ts';
import { InfoPage, InfoSection } from '../components/info-page.tsx';

const linkClass = 'font-medium text-brand-soft underline underline-offset-4 hover:text-foreground';

/** What the site actually stores in the browser: a session cookie and a few local settings. */
export function CookiesPage() {
  const brand = useBrand();
  const { t } = useTranslation('info');
  return (
    <InfoPage
      title={t('cookies.title')}
      eyebrow={t('info.legal')}
      icon={Cookie}
      description={t('cookies.description', { brand })}
    >
      <div className="mx-auto grid max-w-3xl gap-12">
        <InfoSection id="essential" title={t('cookies.essentialTitle')}>
          <p>{t('cookies.essential')}</p>
        </InfoSection>
        <InfoSection id="local-storage" title={t('cookies.localTitle')}>
          <p>{t('cookies.local')}</p>
        </InfoSection>
        <InfoSection id="no-tracking" title={t('cookies.trackingTitle')}>
          <p>
            <RichText text={t('cookies.tracking')} components={{ privacy: <Link to="/privacy" className={linkClass} />, contact: <Link to="/contact" className={linkClass} /> }} />
          </p>
        </InfoSection>
      </div>
    </InfoPage>
  );
}
