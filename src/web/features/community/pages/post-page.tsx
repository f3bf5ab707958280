import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { usePost } from '../api/get-post.ts';
import { PostCard } from '../components/post-card.tsx';
import { COMMUNITY_TAB_PATH } from '../utils/paths.ts';
import { useLivePosts } from '../utils/use-live-posts.ts';

function BackLink() {
  const { t } = useTranslation('community');
  return (
    <Link to={COMMUNITY_TAB_PATH} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft aria-hidden="true" className="size-4" /> {t('hub.title')}
    </Link>
  );
}

/** /dashboard/zerrijobs/posts/:postId — one post with its comments (the link Share copies). */
export function PostPage() {
  const { t } = useTranslation('community');
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  const { data: post, isPending, isError, error, refetch, isFetching } = usePost(postId);
  usePageTitle(post ? t('postPage.title', { name: post.author.name }) : t('postPage.fallbackTitle'));
  useLivePosts();

  if (isPending) return <LoadingState label={t('postPage.loading')} />;
  if (isError) {
    const notFound = isApiError(error, 404) || isApiError(error, 400);
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4">
        <BackLink />
        <h1 className="text-2xl font-bold tracking-tight">{notFound ? t('errors.postNotFound') : t('common.error')}</h1>
        <p className="text-muted-foreground">
          {notFound ? t('postPage.notFoundHint') : t('postPage.loadFailed', { reason: localizeError(error, 'community') })}
        </p>
        {notFound ? null : (
          <Button variant="outline" className="w-fit" disabled={isFetching} onClick={() => void refetch()}>
            {t('common.tryAgain')}
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4">
      <BackLink />
      <h1 className="text-2xl font-bold tracking-tight">{t('postPage.title', { name: post.author.name })}</h1>
      <PostCard post={post} defaultCommentsOpen onDeleted={() => void navigate(COMMUNITY_TAB_PATH, { replace: true })} />
    </div>
  );
}
