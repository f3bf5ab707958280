import { BookOpen, LifeBuoy, Mail, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useBrand, useSite } from '#web/lib/site.ts';
import { InfoCard, InfoPage, InfoSection } from '../components/info-page.tsx';

/** How to get help: a few answers, the docs, and the support address from /api/site. */
export function SupportPage() {
  const brand = useBrand();
  const { data: site } = useSite();
  const { t } = useTranslation('info');
  const support = site?.contacts.support;
  const faq = [
    { question: t('support.confirmationQuestion'), answer: t('support.confirmationAnswer') },
    { question: t('support.passwordQuestion'), answer: t('support.passwordAnswer') },
    { question: t('support.paymentsQuestion'), answer: t('support.paymentsAnswer') },
  ];
  return (
    <InfoPage title={t('info.support')} eyebrow={t('info.resources')} icon={LifeBuoy} description={t('support.description', { brand })}>
      <ul className="grid gap-4 md:grid-cols-3">
        <li>
          <InfoCard icon={Mail} title={t('support.emailTitle')} href={support ? `mailto:${support}` : undefined} headingLevel="h2" footer={support}>
            {t('support.email')}
          </InfoCard>
        </li>
        <li>
          <InfoCard icon={BookOpen} title={t('info.documentation')} to="/docs" headingLevel="h2">
            {t('support.docs')}
          </InfoCard>
        </li>
        <li>
          <InfoCard icon={MessageCircle} title={t('support.otherTitle')} to="/contact" headingLevel="h2">
            {t('support.other')}
          </InfoCard>
        </li>
      </ul>
      <InfoSection id="faq" title={t('support.faqTitle')}>
        <dl className="grid gap-6">
          {faq.map((item) => (
            <div key={item.question} className="rounded-2xl border border-border bg-card/60 p-6">
              <dt className="font-semibold text-foreground">{item.question}</dt>
              <dd className="mt-2">{item.answer}</dd>
            </div>
          ))}
        </dl>
      </InfoSection>
    </InfoPage>
  );
}
