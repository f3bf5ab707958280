import { MessageSquare, UserCheck, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useFollows } from '../api/get-follows.ts';
import { useSetFollow } from '../api/set-follow.ts';
import type { PostAuthor } from '../api/types.ts';
import { splitMessage } from '../utils/messages.ts';

/** Follow or Unfollow the author of someone else's post (SPEC §4 Follow toggle). */
export function FollowButton({ author, viewerId }: { author: PostAuthor; viewerId: string | undefined }) {
  const { t } = useTranslation('community');
  const { data, isPending: loading } = useFollows(viewerId ? author.id : undefined);
  const setFollow = useSetFollow({ viewerId });
  const following = data?.isFollowing ?? false;

  const toggle = () => {
    if (setFollow.isPending) return;
    // mutateAsync: unfollowing in the Following feed removes this card, and the toast must still show.
    setFollow.mutateAsync({ userId: author.id, follow: !following }).then(
      (state) =>
        state.isFollowing
          ? showToast({ title: t('errors.followed'), description: t('follow.followed', { name: author.name }), variant: 'success' })
          : showToast({ title: t('errors.unfollowed'), description: t('follow.unfollowed', { name: author.name }) }),
      (error: unknown) => showToast({ ...splitMessage(localizeError(error, 'community', t('common.unexpected'))), variant: 'error' }),
    );
  };

  return (
    <>
      {/* Two members who follow each other may write to each other (the conversations feature's page). */}
      {following && data?.followsMe ? (
        <Button asChild variant="outline" size="sm" className="h-8 px-2.5">
          <Link to={`/dashboard/messages?to=${encodeURIComponent(author.id)}`} aria-label={t('follow.messageLabel', { name: author.name })}>
            <MessageSquare aria-hidden="true" /> {t('follow.message')}
          </Link>
        </Button>
      ) : null}
      <Button
        variant={following ? 'secondary' : 'outline'}
        size="sm"
        className="h-8 px-2.5"
        disabled={Boolean(viewerId) && loading}
        aria-busy={setFollow.isPending}
        onClick={toggle}
        aria-label={following ? t('follow.unfollowLabel', { name: author.name }) : t('follow.followLabel', { name: author.name })}
      >
        {following ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
        {following ? t('follow.unfollow') : t('follow.follow')}
      </Button>
    </>
  );
}
