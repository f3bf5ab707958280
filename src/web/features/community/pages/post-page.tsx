import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { COMMUNITY_MESSAGES } from '#shared/jobs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { usePost } from '../api/get-post.ts';
import { PostCard } from '../components/post-card.tsx';
import { COMMUNITY_TAB_PATH } from '../utils/paths.ts';
import { useLivePosts } from '../utils/use-live-posts.ts';

function BackLink() {
  return (
    <Link to={COMMUNITY_TAB_PATH} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft aria-hidden="true" className="size-4" /> Community Hub
    </Link>
  );
}

/** /dashboard/zerrijobs/posts/:postId — one post with its comments (the link Share copies). */
export function PostPage() {
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  const { data: post, isPending, isError, error, refetch, isFetching } = usePost(postId);
  usePageTitle(post ? `Post by ${post.author.name}` : 'Post');
  useLivePosts();

  if (isPending) return <LoadingState label="Loading the post…" />;
  if (isError) {
    const notFound = isApiError(error, 404) || isApiError(error, 400);
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4">
        <BackLink />
        <h1 className="text-2xl font-bold tracking-tight">{notFound ? COMMUNITY_MESSAGES.postNotFound : 'Error'}</h1>
        <p className="text-muted-foreground">{notFound ? 'It may have been deleted by its author.' : `Could not load the post: ${error.message}`}</p>
        {notFound ? null : (
          <Button variant="outline" className="w-fit" disabled={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4">
      <BackLink />
      <h1 className="text-2xl font-bold tracking-tight">Post by {post.author.name}</h1>
      <PostCard post={post} defaultCommentsOpen onDeleted={() => void navigate(COMMUNITY_TAB_PATH, { replace: true })} />
    </div>
  );
}
