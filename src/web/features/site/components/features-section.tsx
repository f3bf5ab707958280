import { BarChart3, Bot, Briefcase, type LucideIcon, Package, Palette, Receipt, Store, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading.tsx';

/** Eight cards covering the stated offering (SPEC §1). */
export function FeaturesSection() {
  const { t } = useTranslation('site');
  const features: { id: string; title: string; description: string; icon: LucideIcon }[] = [
    { id: 'hub', title: t('features.hub.title'), description: t('features.hub.description'), icon: Package },
    { id: 'marketplace', title: t('features.marketplace.title'), description: t('features.marketplace.description'), icon: Store },
    { id: 'invoices', title: t('features.invoices.title'), description: t('features.invoices.description'), icon: Receipt },
    { id: 'payouts', title: t('features.payouts.title'), description: t('features.payouts.description'), icon: Wallet },
    { id: 'creatorTools', title: t('features.creatorTools.title'), description: t('features.creatorTools.description'), icon: Palette },
    { id: 'ai', title: t('features.ai.title'), description: t('features.ai.description'), icon: Bot },
    { id: 'jobs', title: t('features.jobs.title'), description: t('features.jobs.description'), icon: Briefcase },
    { id: 'links', title: t('features.links.title'), description: t('features.links.description'), icon: BarChart3 },
  ];
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 px-4 py-20 sm:px-6 sm:py-24">
      <SectionHeading id="features-title" eyebrow={t('features.eyebrow')} title={t('features.title')}>
        {t('features.lead')}
      </SectionHeading>
      <ul className="mx-auto mt-12 grid max-w-6xl gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ id, title, description, icon: Icon }) => (
          <li
            key={id}
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
