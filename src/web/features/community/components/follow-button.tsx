import { UserCheck, UserPlus } from 'lucide-react';
import { COMMUNITY_MESSAGES } from '#shared/jobs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { showToast } from '#web/lib/toast.ts';
import { useFollows } from '../api/get-follows.ts';
import { useSetFollow } from '../api/set-follow.ts';
import type { PostAuthor } from '../api/types.ts';
import { splitMessage } from '../utils/messages.ts';

/** Follow or Unfollow the author of someone else's post (SPEC §4 Follow toggle). */
export function FollowButton({ author, viewerId }: { author: PostAuthor; viewerId: string | undefined }) {
  const { data, isPending: loading } = useFollows(viewerId ? author.id : undefined);
  const setFollow = useSetFollow({ viewerId });
  const following = data?.isFollowing ?? false;

  const toggle = () => {
    if (setFollow.isPending) return;
    // mutateAsync: unfollowing in the Following feed removes this card, and the toast must still show.
    setFollow.mutateAsync({ userId: author.id, follow: !following }).then(
      (state) =>
        state.isFollowing
          ? showToast({ title: COMMUNITY_MESSAGES.followed, description: `You are now following ${author.name}.`, variant: 'success' })
          : showToast({ title: COMMUNITY_MESSAGES.unfollowed, description: `You no longer follow ${author.name}.` }),
      (error: unknown) => showToast({ ...splitMessage(errorMessage(error)), variant: 'error' }),
    );
  };

  return (
    <Button
      variant={following ? 'secondary' : 'outline'}
      size="sm"
      className="h-8 px-2.5"
      disabled={Boolean(viewerId) && loading}
      aria-busy={setFollow.isPending}
      onClick={toggle}
      aria-label={`${following ? 'Unfollow' : 'Follow'} ${author.name}`}
    >
      {following ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      {following ? 'Unfollow' : 'Follow'}
    </Button>
  );
}
