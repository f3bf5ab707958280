import { BarChart3, Bot, Briefcase, type LucideIcon, Package, Palette, Receipt, Store, Wallet } from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

const FEATURES: { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: 'Digital product hub',
    description: 'Upload e-books, templates, software, courses, audio and video, and keep every file in one library.',
    icon: Package,
  },
  {
    title: 'Marketplace',
    description: 'Get discovered in a public marketplace with categories, tags and price filters, plus your own storefront.',
    icon: Store,
  },
  {
    title: 'Client payments & invoices',
    description: 'Bill clients for services and consultations with itemised invoices and a shareable payment link.',
    icon: Receipt,
  },
  {
    title: 'Payouts',
    description: 'See your available balance and sales history, and request payouts to your chosen method.',
    icon: Wallet,
  },
  {
    title: 'Creator tools',
    description: 'Mock up covers, banners and social posts on a simple design canvas without leaving the platform.',
    icon: Palette,
  },
  {
    title: 'AI tools builder',
    description: 'Draft product descriptions, posts and ideas with an AI content assistant built for creators.',
    icon: Bot,
  },
  {
    title: 'Jobs & community',
    description: 'Find freelance gigs and remote roles, follow other creators and share your work in the community feed.',
    icon: Briefcase,
  },
  {
    title: 'URL shortener & analytics',
    description: 'Create short links for anything you share and see clicks, referrers, browsers and devices at a glance.',
    icon: BarChart3,
  },
];

/** Eight cards covering the stated offering (SPEC §1). */
export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 px-4 py-20 sm:px-6 sm:py-24">
      <SectionHeading id="features-title" eyebrow="Features" title="Everything a creator needs, in one place">
        Stop juggling a storefront, an invoicing app, a link shortener and a job board. One account does it all.
      </SectionHeading>
      <ul className="mx-auto mt-12 grid max-w-6xl gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ title, description, icon: Icon }) => (
          <li
            key={title}
            className="group flex gap-4 rounded-xl border border-border bg-card/70 p-5 transition-colors hover:border-violet-400/40 hover:bg-card sm:block sm:p-6"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-brand-soft transition-colors group-hover:bg-primary/25">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h3 className="font-semibold tracking-tight sm:mt-4">{title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground sm:mt-2">{description}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
