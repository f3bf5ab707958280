import { MessagesSquare, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '#web/components/notice.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { formatCount } from '#web/lib/format.ts';
import { useFeed } from '../api/get-feed.ts';
import { useFollows } from '../api/get-follows.ts';
import { absoluteTime, relativeTime } from '../utils/relative-time.ts';
import { COMMUNITY_TAB_PATH, postPath } from '../utils/paths.ts';

const SHOWN = 3;

/**
 * A home's card of the community: how many people the user follows and the latest posts, from the
 * people they follow when there are any, else from everyone.
 */
export function CommunitySummary({ userId }: { userId: string }) {
  const { t } = useTranslation('community');
  const follows = useFollows(userId);
  const following = follows.data?.following ?? 0;
  const feed = useFeed(following > 0 ? 'following' : 'all');
  const posts = feed.data?.pages[0]?.items.slice(0, SHOWN) ?? [];

  return (
    <Card className="grid min-w-0 grid-cols-1 content-start gap-4 p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('home.title')}</h2>
        <Link to={COMMUNITY_TAB_PATH} className="text-sm font-medium text-brand-soft hover:underline">
          {t('home.open')}
        </Link>
      </div>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Users aria-hidden="true" className="size-4 shrink-0" />
        {follows.data ? t('home.following', { count: following, formatted: formatCount(following) }) : t('feed.loadingShort')}
      </p>
      <h3 className="text-sm font-medium">{following > 0 ? t('home.fromFollowing') : t('home.latest')}</h3>
      {follows.isPending || feed.isPending ? (
        <LoadingState label={t('feed.loading')} />
      ) : feed.isError ? (
        <Notice variant="error">{t('feed.loadFailed', { reason: feed.error.message })}</Notice>
      ) : posts.length === 0 ? (
        <p className="text-muted-foreground">{t('home.noPosts')}</p>
      ) : (
        <ul aria-label={t('feed.posts')} className="grid grid-cols-1 gap-3">
          {posts.map((post) => (
            <li key={post.id} className="flex gap-3 rounded-lg border border-border p-3">
              <UserAvatar user={{ name: post.author.name, email: '', avatarUrl: post.author.avatarUrl }} className="size-8 shrink-0" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-medium">{post.author.name}</span>
                  <time dateTime={post.createdAt} title={absoluteTime(post.createdAt)} className="text-xs text-muted-foreground">
                    {relativeTime(post.createdAt)}
                  </time>
                </p>
                <Link to={postPath(post.id)} className="line-clamp-2 text-sm break-words text-muted-foreground hover:text-foreground hover:underline">
                  {post.content || t('home.viewPost')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Link to={COMMUNITY_TAB_PATH} className="inline-flex items-center gap-2 text-sm font-medium hover:underline">
        <MessagesSquare aria-hidden="true" className="size-4" /> {t('home.write')}
      </Link>
    </Card>
  );
}
