import { FileText, GraduationCap, Link2, Store, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { InfoCard, InfoPage } from '../components/info-page.tsx';

const GUIDES = [
  {
    title: 'Sell your first digital product',
    icon: Store,
    text: 'Pick one thing you already made, write a clear title and a two-line description, add a cover and a fair price, and upload it. Share the product link wherever your audience is.',
  },
  {
    title: 'Choose your plan',
    icon: Tag,
    text: 'Start on Free (1% platform fee per sale). When your sales make the fee larger than the monthly price, Creator Pro or Business pays for itself.',
  },
  {
    title: 'Track what you share',
    icon: Link2,
    text: 'Give every post, bio and newsletter its own short link. The click statistics show which channel brings buyers.',
  },
  {
    title: 'Invoice a client',
    icon: FileText,
    text: 'Add the client, list each item with its quantity and unit price, and send the payment link. Invoices are due 30 days after creation.',
  },
] as const;

const linkClass = 'font-medium text-brand-soft underline underline-offset-4 hover:text-foreground';

/** Short guides: the few workflows most creators start with. */
export function GuidesPage() {
  return (
    <InfoPage
      title="Guides"
      eyebrow="Resources"
      icon={GraduationCap}
      description="Short, practical guides for creators: sell your first product, choose a plan, track links and invoice clients."
    >
      <ul className="grid gap-4 sm:grid-cols-2">
        {GUIDES.map((guide) => (
          <li key={guide.title}>
            <InfoCard icon={guide.icon} title={guide.title} headingLevel="h2">
              {guide.text}
            </InfoCard>
          </li>
        ))}
      </ul>
      <p className="text-center text-muted-foreground">
        Longer, step-by-step guides with screenshots are on the way. Until then, the{' '}
        <Link to="/docs" className={linkClass}>
          documentation
        </Link>{' '}
        covers the basics.
      </p>
    </InfoPage>
  );
}
