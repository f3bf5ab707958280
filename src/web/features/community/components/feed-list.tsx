import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Feed } from '#shared/community.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { useFeed } from '../api/get-feed.ts';
import { useFollows } from '../api/get-follows.ts';
import { PostCard, PostCardSkeleton } from './post-card.tsx';

function EmptyFeed({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-4 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
        <Users aria-hidden="true" className="size-6" />
      </span>
      <p className="max-w-md text-muted-foreground">{message}</p>
    </div>
  );
}

/** One feed with cursor paging ("Load more") and the spec's empty states. */
export function FeedList({ feed, viewerId }: { feed: Feed; viewerId: string | undefined }) {
  const { t } = useTranslation('community');
  const { data, isPending, isError, error, refetch, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage } = useFeed(feed);
  const myFollows = useFollows(feed === 'following' ? viewerId : undefined);
  const posts = data?.pages.flatMap((page) => page.items) ?? [];

  if (isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label={t('feed.loading')}>
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-100">
        <p className="font-semibold">{t('common.errorFetching')}</p>
        <p className="mt-1">{t('feed.loadFailed', { reason: localizeError(error, 'community') })}</p>
        <Button variant="outline" size="sm" className="mt-3" disabled={isFetching} onClick={() => void refetch()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }
  if (posts.length === 0) {
    if (feed === 'following' && myFollows.isPending && viewerId) return <Spinner label={t('feed.loadingShort')} />;
    const followsNobody = feed === 'following' && (myFollows.data?.following ?? 0) === 0;
    return <EmptyFeed message={followsNobody ? t('errors.noFollowing') : t('errors.emptyFeed')} />;
  }

  return (
    <div className="grid gap-4">
      <ul className="grid gap-4" aria-label={t('feed.posts')}>
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? (
              <>
                <Spinner className="size-4" /> {t('feed.loadingMore')}
              </>
            ) : (
              t('feed.loadMore')
            )}
          </Button>
        </div>
      ) : posts.length > 5 ? (
        <p className="text-center text-sm text-muted-foreground">{t('feed.end')}</p>
      ) : null}
    </div>
  );
}
