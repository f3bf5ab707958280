import type { TFunction } from 'i18next';
import { Flame, MessageSquare, Newspaper, UserCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FEEDS, type Feed } from '#shared/community.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { useLivePosts } from '../utils/use-live-posts.ts';
import { FeedList } from './feed-list.tsx';
import { NewPostForm } from './new-post-form.tsx';

const feedTabs = (t: TFunction<'community'>): Record<Feed, { label: string; Icon: typeof Flame }> => ({
  all: { label: t('hub.all'), Icon: Newspaper },
  following: { label: t('hub.following'), Icon: UserCheck },
  popular: { label: t('hub.popular'), Icon: Flame },
});

const readFeed = (params: URLSearchParams): Feed => {
  const feed = params.get('feed');
  return (FEEDS as readonly string[]).includes(feed ?? '') ? (feed as Feed) : 'all';
};

/** The Community Hub tab: messages (coming soon), the new-post form and the three feeds (?feed=). */
export function CommunityHub() {
  const { t } = useTranslation('community');
  const tabs = feedTabs(t);
  const { data: user, isPending } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const feed = readFeed(params);
  useLivePosts();

  const selectFeed = (next: string) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'all') updated.delete('feed');
        else updated.set('feed', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <section aria-labelledby="community-title" className="mx-auto grid w-full max-w-3xl gap-5">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="community-title" className="text-xl font-semibold">
            {t('hub.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('hub.intro')}</p>
        </div>
        {/* The messages icon opens the inbox (the conversations feature's page; it was 'Private messaging coming soon!'). */}
        <Button asChild variant="outline" size="icon">
          <Link to="/dashboard/messages" aria-label={t('hub.messages')}>
            <MessageSquare aria-hidden="true" />
          </Link>
        </Button>
      </div>

      {isPending ? <LoadingState label={t('hub.loadingAccount')} className="py-6" /> : user ? <NewPostForm user={user} /> : null}

      <Tabs value={feed} onValueChange={selectFeed}>
        <TabsList aria-label={t('hub.feeds')} className="grid h-auto w-full grid-cols-3 gap-1">
          {FEEDS.map((value) => {
            const { label, Icon } = tabs[value];
            return (
              <TabsTrigger key={value} value={value} className="h-9 px-2">
                <Icon aria-hidden="true" className="hidden size-4 sm:block" /> {label}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {FEEDS.map((value) => (
          <TabsContent key={value} value={value} className="mt-4">
            {value === 'following' && !user && !isPending ? (
              <p className="text-muted-foreground">{t('hub.logInForFollowing')}</p>
            ) : (
              <FeedList feed={value} viewerId={user?.id} />
            )}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
