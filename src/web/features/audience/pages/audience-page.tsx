import { MailX, UserCheck, Users, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Notice } from '#web/components/notice.tsx';
import { StatCard } from '#web/components/stat-card.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { formatCount } from '#web/lib/format.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useAudience, usePosts } from '../api/audience.ts';
import { PostComposer } from '../components/post-composer.tsx';
import { PostList } from '../components/post-list.tsx';
import { Workflows } from '../components/workflows.tsx';

/** /dashboard/audience: who I can write to, a new post, and my posts with their stats. */
export function AudiencePage() {
  const { t } = useTranslation('audience');
  usePageTitle(t('page.title'));
  const audience = useAudience();
  const posts = usePosts();

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-8">
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('page.title')}</h1>
        <p className="text-muted-foreground">{t('page.intro')}</p>
      </div>
      {audience.isPending ? (
        <LoadingState label={t('page.loading')} />
      ) : audience.isError ? (
        <LoadFailedNotice title={t('page.loadFailed')} error={audience.error} namespace="audience" onRetry={() => void audience.refetch()} retrying={audience.isFetching} />
      ) : (
        <>
          <section aria-label={t('summary.label')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label={t('summary.customers')} value={formatCount(audience.data.customers)} icon={Users} />
            <StatCard label={t('summary.followers')} value={formatCount(audience.data.followers)} icon={UserPlus} />
            <StatCard label={t('summary.subscribers')} value={formatCount(audience.data.subscribers)} icon={UserCheck} />
            <StatCard label={t('summary.unsubscribed')} value={formatCount(audience.data.unsubscribed)} icon={MailX} />
          </section>
          <p className="text-sm text-muted-foreground">
            {t('summary.month', { sent: formatCount(audience.data.sending.sentThisMonth), limit: formatCount(audience.data.sending.monthlyLimit) })}
          </p>
          {audience.data.sending.paused ? (
            <Notice variant="error" title={t('summary.pausedTitle')}>
              {t('summary.paused')}
            </Notice>
          ) : null}
          <Card>
            <CardHeader>
              <CardTitle>{t('compose.title')}</CardTitle>
              <CardDescription>{t('compose.description')}</CardDescription>
            </CardHeader>
            <CardContent>
              <PostComposer />
            </CardContent>
          </Card>
        </>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t('posts.title')}</CardTitle>
          <CardDescription>{t('posts.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {posts.isPending ? (
            <LoadingState label={t('posts.loading')} />
          ) : posts.isError ? (
            <LoadFailedNotice title={t('posts.loadFailed')} error={posts.error} namespace="audience" onRetry={() => void posts.refetch()} retrying={posts.isFetching} />
          ) : (
            <PostList items={posts.data.items} />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('workflows.title')}</CardTitle>
          <CardDescription>{t('workflows.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Workflows />
        </CardContent>
      </Card>
    </div>
  );
}
