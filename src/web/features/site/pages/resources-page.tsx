import { BookOpen, GraduationCap, LifeBuoy, Library, Newspaper } from 'lucide-react';
import { useBrand } from '#web/lib/site.ts';
import { InfoCard, InfoPage } from '../components/info-page.tsx';

const RESOURCES = [
  { to: '/docs', title: 'Documentation', icon: BookOpen, text: 'How the platform works, from your first product to running your own server.' },
  { to: '/guides', title: 'Guides', icon: GraduationCap, text: 'Step-by-step walkthroughs for selling, invoicing and sharing links.' },
  { to: '/blog', title: 'Blog', icon: Newspaper, text: 'Product news, release notes and stories from creators.' },
  { to: '/support', title: 'Support', icon: LifeBuoy, text: 'Answers to common questions and how to reach our team.' },
] as const;

/** SPEC §2 info pages: four cards linking to /docs, /guides, /blog and /support. */
export function ResourcesPage() {
  const brand = useBrand();
  return (
    <InfoPage
      title="Resources"
      eyebrow="Learn"
      icon={Library}
      description={`Documentation, guides, the blog and support: everything you need to get the most out of ${brand}.`}
    >
      <ul className="grid gap-4 sm:grid-cols-2">
        {RESOURCES.map((resource) => (
          <li key={resource.to}>
            <InfoCard icon={resource.icon} title={resource.title} to={resource.to} headingLevel="h2" footer={<span aria-hidden="true">Open →</span>}>
              {resource.text}
            </InfoCard>
          </li>
        ))}
      </ul>
    </InfoPage>
  );
}
