import { Heart, Lock, MessageCircle, Share2 } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyButton } from '#web/components/copy-button.tsx';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useSetLike } from '../api/set-like.ts';
import type { Post } from '../api/types.ts';
import { linkify } from '../utils/linkify.tsx';
import { postPath, postShareUrl } from '../utils/paths.ts';
import { absoluteTime, relativeTime } from '../utils/relative-time.ts';
import { PostMenu } from './delete-post-dialog.tsx';
import { FollowButton } from './follow-button.tsx';
import { PostComments } from './post-comments.tsx';

const errorText = (t: TFunction<'community'>, error: unknown) => localizeError(error, 'community', t('common.unexpected'));

function LikeButton({ post }: { post: Post }) {
  const { t } = useTranslation('community');
  const setLike = useSetLike();
  const liked = post.likedByMe;
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={liked}
      aria-label={liked ? t('post.unlikeLabel', { count: post.likeCount }) : t('post.likeLabel', { count: post.likeCount })}
      onClick={() => {
        if (setLike.isPending) return;
        setLike.mutate(
          { id: post.id, liked: !liked },
          { onError: (error) => showToast({ title: t('common.error'), description: errorText(t, error), variant: 'error' }) },
        );
      }}
      className={cn('gap-1.5', liked && 'text-pink-300 hover:text-pink-200')}
    >
      <Heart aria-hidden="true" className={cn(liked && 'fill-current')} />
      <span className="tabular-nums" data-testid="like-count">
        {post.likeCount}
      </span>
    </Button>
  );
}

/** One community post: author, time, text as text (links clickable), media, like, comments, share. */
export function PostCard({ post, defaultCommentsOpen = false, onDeleted }: { post: Post; defaultCommentsOpen?: boolean; onDeleted?: () => void }) {
  const { t } = useTranslation('community');
  const { data: viewer } = useCurrentUser();
  const [commentsOpen, setCommentsOpen] = useState(defaultCommentsOpen);
  const commentsId = useId();
  const headingId = useId();
  const isOwn = viewer?.id === post.author.id;

  return (
    <article aria-labelledby={headingId} className="grid min-w-0 gap-4 rounded-xl border border-border bg-card p-4 shadow-lg shadow-black/20 sm:p-5">
      <header className="flex items-start gap-3">
        <UserAvatar user={{ name: post.author.name, email: '', avatarUrl: post.author.avatarUrl }} className="size-10" />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold wrap-anywhere">
            {post.author.slug ? (
              <Link to={`/store/${post.author.slug}`} className="hover:underline">
                {post.author.name}
              </Link>
            ) : (
              post.author.name
            )}
          </h3>
          <Link to={postPath(post.id)} className="text-xs text-muted-foreground hover:text-foreground hover:underline">
            <time dateTime={post.createdAt} title={absoluteTime(post.createdAt)}>
              {relativeTime(post.createdAt)}
            </time>
          </Link>
          {post.membersOnly ? (
            <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-brand-soft">
              <Lock aria-hidden="true" className="size-3" /> {t('post.membersOnly')}
            </span>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {isOwn ? null : <FollowButton author={post.author} viewerId={viewer?.id} />}
          {post.canDelete ? <PostMenu postId={post.id} onDeleted={onDeleted} /> : null}
        </div>
      </header>

      {post.content ? <p className="leading-relaxed break-words whitespace-pre-wrap">{linkify(post.content)}</p> : null}

      {post.imageUrl ? (
        <img
          src={post.imageUrl}
          alt={t('post.imageAlt', { name: post.author.name })}
          loading="lazy"
          className="max-h-[32rem] w-full rounded-lg border border-border bg-muted object-contain"
        />
      ) : null}
      {post.videoUrl ? (
        <video src={post.videoUrl} controls preload="metadata" aria-label={t('post.videoLabel', { name: post.author.name })} className="max-h-[32rem] w-full rounded-lg border border-border bg-black" />
      ) : null}

      <div className="-mx-2 flex flex-wrap items-center gap-1 border-t border-border pt-2">
        <LikeButton post={post} />
        <Button
          variant="ghost"
          size="sm"
          className="gap-1.5"
          aria-expanded={commentsOpen}
          aria-controls={commentsOpen ? commentsId : undefined}
          aria-label={
            commentsOpen ? t('post.hideCommentsLabel', { count: post.commentCount }) : t('post.showCommentsLabel', { count: post.commentCount })
          }
          onClick={() => setCommentsOpen((open) => !open)}
        >
          <MessageCircle aria-hidden="true" />
          <span className="tabular-nums" data-testid="comment-count">
            {post.commentCount}
          </span>
        </Button>
        <CopyButton
          text={postShareUrl(post.id)}
          texts={{
            copy: t('post.share'),
            done: () => ({ title: t('post.copiedTitle'), description: t('post.copied') }),
            failed: (error) => ({ title: t('common.error'), description: errorText(t, error) }),
          }}
          icon={Share2}
          variant="ghost"
          size="sm"
          className="ml-auto"
        />
      </div>

      {commentsOpen ? <PostComments postId={post.id} id={commentsId} /> : null}
    </article>
  );
}

export function PostCardSkeleton() {
  return (
    <div aria-hidden="true" className="grid animate-pulse gap-4 rounded-xl border border-border bg-card p-5">
      <div className="flex items-center gap-3">
        <div className="size-10 rounded-full bg-muted" />
        <div className="grid flex-1 gap-2">
          <div className="h-4 w-32 rounded bg-muted" />
          <div className="h-3 w-20 rounded bg-muted" />
        </div>
      </div>
      <div className="grid gap-2">
        <div className="h-3.5 rounded bg-muted" />
        <div className="h-3.5 w-3/4 rounded bg-muted" />
      </div>
      <div className="h-8 w-40 rounded bg-muted" />
    </div>
  );
}
