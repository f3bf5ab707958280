import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RichText } from '#web/components/rich-text.tsx';
import { Link } from 'react-router';
import { useBrand } from '#web/lib/site.ts';
import { InfoPage, InfoSection } from '../components/info-page.tsx';

const linkClass = 'font-medium text-brand-soft underline underline-offset-4 hover:text-foreground';

/** Short, plain-language terms of service. */
export function TermsPage() {
  const brand = useBrand();
  const { t } = useTranslation('info');
  return (
    <InfoPage title={t('terms.title')} eyebrow={t('info.legal')} icon={Scale} description={t('terms.description', { brand })}>
      <div className="mx-auto grid max-w-3xl gap-12">
        <InfoSection id="accounts" title={t('terms.accountTitle')}>
          <p>{t('terms.account')}</p>
        </InfoSection>
        <InfoSection id="content" title={t('terms.contentTitle')}>
          <p>{t('terms.content')}</p>
        </InfoSection>
        <InfoSection id="fees" title={t('terms.feesTitle')}>
          <p>{t('terms.fees', { brand })}</p>
        </InfoSection>
        <InfoSection id="liability" title={t('terms.liabilityTitle')}>
          <p>
            <RichText text={t('terms.liability', { brand })} components={{ contact: <Link to="/contact" className={linkClass} /> }} />
          </p>
        </InfoSection>
      </div>
    </InfoPage>
  );
}
