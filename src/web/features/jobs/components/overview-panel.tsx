import type { TFunction } from 'i18next';
import { ArrowRight, Megaphone, Search, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { JobTab } from '../utils/tab-params.ts';

const cards = (t: TFunction<'jobs'>): { tab: JobTab; title: string; text: string; action: string; Icon: typeof Search }[] => [
  { tab: 'find', title: t('tabs.find'), text: t('overview.findText'), action: t('overview.findAction'), Icon: Search },
  { tab: 'post', title: t('tabs.post'), text: t('overview.postText'), action: t('overview.postAction'), Icon: Megaphone },
  { tab: 'community', title: t('tabs.community'), text: t('overview.communityText'), action: t('overview.communityAction'), Icon: Users },
];

/** Overview: three cards that switch to the other tabs (SPEC §2). */
export function OverviewPanel({ onSelect }: { onSelect: (tab: JobTab) => void }) {
  const { t } = useTranslation('jobs');
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {cards(t).map(({ tab, title, text, action, Icon }) => (
        <li key={tab}>
          <button
            type="button"
            onClick={() => onSelect(tab)}
            className="group flex h-full w-full cursor-pointer flex-col gap-3 rounded-xl border border-border bg-card p-6 text-left shadow-lg shadow-black/20 transition-colors hover:border-violet-500/50 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-accent text-brand-soft">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="text-lg font-semibold">{title}</span>
            <span className="text-sm leading-relaxed text-muted-foreground">{text}</span>
            <span className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-medium text-brand-soft">
              {action} <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
