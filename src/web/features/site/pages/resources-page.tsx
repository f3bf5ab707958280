import { BookOpen, GraduationCap, LifeBuoy, Library, Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#web/lib/site.ts';
import { InfoCard, InfoPage } from '../components/info-page.tsx';

/** SPEC §2 info pages: four cards linking to /docs, /guides, /blog and /support. */
export function ResourcesPage() {
  const brand = useBrand();
  const { t } = useTranslation('info');
  const resources = [
    { to: '/docs', title: t('info.documentation'), icon: BookOpen, text: t('resources.docs') },
    { to: '/guides', title: t('resources.guidesTitle'), icon: GraduationCap, text: t('resources.guides') },
    { to: '/blog', title: t('resources.blogTitle'), icon: Newspaper, text: t('resources.blog') },
    { to: '/support', title: t('info.support'), icon: LifeBuoy, text: t('resources.support') },
  ];
  return (
    <InfoPage title={t('resources.title')} eyebrow={t('resources.eyebrow')} icon={Library} description={t('resources.description', { brand })}>
      <ul className="grid gap-4 sm:grid-cols-2">
        {resources.map((resource) => (
          <li key={resource.to}>
            <InfoCard
              icon={resource.icon}
              title={resource.title}
              to={resource.to}
              headingLevel="h2"
              footer={<span aria-hidden="true">{t('resources.open')}</span>}
            >
              {resource.text}
            </InfoCard>
          </li>
        ))}
      </ul>
    </InfoPage>
  );
}
