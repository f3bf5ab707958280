import { FileText, GraduationCap, Link2, Store, Tag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RichText } from '#web/components/rich-text.tsx';
import { Link } from 'react-router';
import { InfoCard, InfoPage } from '../components/info-page.tsx';

const linkClass = 'font-medium text-brand-soft underline underline-offset-4 hover:text-foreground';

/** Short guides: the few workflows most creators start with. */
export function GuidesPage() {
  const { t } = useTranslation('info');
  const guides = [
    { id: 'first-product', title: t('guides.firstProductTitle'), icon: Store, text: t('guides.firstProduct') },
    { id: 'plan', title: t('guides.planTitle'), icon: Tag, text: t('guides.plan') },
    { id: 'track', title: t('guides.trackTitle'), icon: Link2, text: t('guides.track') },
    { id: 'invoice', title: t('guides.invoiceTitle'), icon: FileText, text: t('guides.invoice') },
  ];
  return (
    <InfoPage title={t('guides.title')} eyebrow={t('info.resources')} icon={GraduationCap} description={t('guides.description')}>
      <ul className="grid gap-4 sm:grid-cols-2">
        {guides.map((guide) => (
          <li key={guide.id}>
            <InfoCard icon={guide.icon} title={guide.title} headingLevel="h2">
              {guide.text}
            </InfoCard>
          </li>
        ))}
      </ul>
      <p className="text-center text-muted-foreground">
        <RichText text={t('guides.more')} components={{ docs: <Link to="/docs" className={linkClass} /> }} />
      </p>
    </InfoPage>
  );
}
