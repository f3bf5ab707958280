import { useTranslation } from 'react-i18next';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { UpgradeNotice } from '#web/components/upgrade-notice.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useTeam } from '../api/get-team.ts';
import { InviteMemberForm } from '../components/invite-member-form.tsx';
import { TeamActivity } from '../components/team-activity.tsx';
import { TeamLists } from '../components/team-lists.tsx';

/** /dashboard/team: invite teammates by e-mail, see members and invitations, remove, revoke; their activity. */
export function TeamPage() {
  const { t } = useTranslation('teams');
  usePageTitle(t('page.title'));
  const { data, isPending, isError, error, refetch, isFetching } = useTeam();
  const taken = data ? data.members.length + data.invites.length : 0;

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('page.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('page.intro')}</p>
      </div>
      {isPending ? (
        <LoadingState label={t('page.loading')} />
      ) : isError ? (
        <LoadFailedNotice title={t('page.loadFailed')} error={error} namespace="teams" onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.seats === 0 ? (
        <UpgradeNotice title={t('plan.title')}>{t('plan.text')}</UpgradeNotice>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>{t('invite.title')}</CardTitle>
              <CardDescription>{t('invite.description')}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <p className="text-sm font-medium">{t('invite.seats', { taken, seats: data.seats })}</p>
              <InviteMemberForm disabled={taken >= data.seats} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('list.title')}</CardTitle>
              <CardDescription>{t('list.description')}</CardDescription>
            </CardHeader>
            <CardContent>
              <TeamLists team={data} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('activity.title')}</CardTitle>
              <CardDescription>{t('activity.description')}</CardDescription>
            </CardHeader>
            <CardContent>
              <TeamActivity />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
