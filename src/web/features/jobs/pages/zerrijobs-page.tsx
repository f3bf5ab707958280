import { Briefcase, LayoutGrid, Megaphone, Users } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { FindJobsPanel } from '../components/find-jobs-panel.tsx';
import { OverviewPanel } from '../components/overview-panel.tsx';
import { PostJobPanel } from '../components/post-job-panel.tsx';
import { readTab, type JobTab } from '../utils/tab-params.ts';

const tabLabels = (t: TFunction<'jobs'>): Record<JobTab, { label: string; Icon: typeof Briefcase }> => ({
  overview: { label: t('tabs.overview'), Icon: LayoutGrid },
  find: { label: t('tabs.find'), Icon: Briefcase },
  post: { label: t('tabs.post'), Icon: Megaphone },
  community: { label: t('tabs.community'), Icon: Users },
});

/**
 * /dashboard/zerrijobs (SPEC §2): Overview, Find Jobs, Post a Job and Community Hub; the tab is
 * in the URL (?tab=…). The Community Hub comes from the community feature, composed by the router.
 */
export function ZerriJobsPage({ community }: { community: ReactNode }) {
  const { t } = useTranslation('jobs');
  const labels = tabLabels(t);
  const [params, setParams] = useSearchParams();
  const tab = readTab(params);
  usePageTitle(tab === 'overview' ? 'ZerriJobs' : `${labels[tab].label} · ZerriJobs`);

  // Radix selects a tab on mousedown and again on the focus that follows; one history entry per choice.
  const requested = useRef(tab);
  useEffect(() => {
    requested.current = tab;
  }, [tab]);

  const select = (next: string) => {
    if (next === requested.current) return;
    requested.current = next as JobTab;
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      updated.set('tab', next);
      return updated;
    });
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">ZerriJobs</h1>
        <p className="mt-1 text-muted-foreground">{t('page.intro')}</p>
      </div>
      <Tabs value={tab} onValueChange={select}>
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 md:grid-cols-4">
          {(Object.keys(labels) as JobTab[]).map((value) => {
            const { label, Icon } = labels[value];
            return (
              <TabsTrigger key={value} value={value} className="h-10">
                <Icon aria-hidden="true" className="size-4" /> {label}
              </TabsTrigger>
            );
          })}
        </TabsList>
        <TabsContent value="overview" className="mt-6">
          <OverviewPanel
            onSelect={(next) => {
              select(next);
              // The clicked card goes away with the panel; keep the keyboard where the new tab is.
              requestAnimationFrame(() => document.querySelector<HTMLElement>('[role="tab"][data-state="active"]')?.focus());
            }}
          />
        </TabsContent>
        <TabsContent value="find" className="mt-6">
          <FindJobsPanel />
        </TabsContent>
        <TabsContent value="post" className="mt-6">
          <PostJobPanel />
        </TabsContent>
        <TabsContent value="community" className="mt-6">
          {community}
        </TabsContent>
      </Tabs>
    </div>
  );
}
