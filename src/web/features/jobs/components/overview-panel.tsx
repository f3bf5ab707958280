import { ArrowRight, Megaphone, Search, Users } from 'lucide-react';
import type { JobTab } from '../utils/tab-params.ts';

const CARDS: { tab: JobTab; title: string; text: string; action: string; Icon: typeof Search }[] = [
  { tab: 'find', title: 'Find Jobs', text: 'Browse open roles from companies hiring creators, filter by keyword, location and type.', action: 'Browse jobs', Icon: Search },
  { tab: 'post', title: 'Post a Job', text: 'Hiring? Company accounts can post openings and review applications in one place.', action: 'Post a job', Icon: Megaphone },
  { tab: 'community', title: 'Community Hub', text: 'Share your work, follow other creators, like and comment on their posts.', action: 'Open the community', Icon: Users },
];

/** Overview: three cards that switch to the other tabs (SPEC §2). */
export function OverviewPanel({ onSelect }: { onSelect: (tab: JobTab) => void }) {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {CARDS.map(({ tab, title, text, action, Icon }) => (
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
