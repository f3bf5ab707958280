import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useAcceptInvite } from '../api/accept-invite.ts';
import { switchStore } from '../utils/switch-store.ts';

/**
 * /team/accept#<token>: the link of an invitation mail (the token rides in the fragment, so it never
 * reaches a server log). The invitee signs in or signs up with the invited address, then accepts.
 */
export function AcceptInvitePage() {
  const { t } = useTranslation('teams');
  usePageTitle(t('accept.title'));
  const token = useLocation().hash.slice(1);
  const { data: user, isPending } = useCurrentUser();
  const accept = useAcceptInvite();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const joined = accept.data?.store;

  const workOnStore = () => {
    if (!joined) return;
    switchStore(joined, queryClient);
    void navigate('/dashboard/products');
  };

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="text-lg leading-tight font-semibold tracking-tight">{t('accept.title')}</h1>
          <CardDescription>{t('accept.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!token ? (
            <Notice variant="error">{t('errors.team_invite_invalid')}</Notice>
          ) : isPending ? (
            <LoadingState label={t('accept.loading')} />
          ) : !user ? (
            <>
              <p>{t('accept.signInFirst')}</p>
              <div className="flex flex-wrap gap-3">
                <Button asChild>
                  <Link to="/auth" state={{ defaultTab: 'login', from: `/team/accept#${token}` }}>
                    {t('accept.signIn')}
                  </Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/auth" state={{ defaultTab: 'signup', from: `/team/accept#${token}` }}>
                    {t('accept.signUp')}
                  </Link>
                </Button>
              </div>
            </>
          ) : joined ? (
            <>
              <Notice variant="success">{t('accept.joined', { name: joined.name })}</Notice>
              <div className="flex flex-wrap gap-3">
                <Button onClick={workOnStore}>{t('accept.workOn', { name: joined.name })}</Button>
                <Button asChild variant="outline">
                  <Link to="/dashboard">{t('accept.myDashboard')}</Link>
                </Button>
              </div>
            </>
          ) : (
            <>
              <p>{t('accept.signedInAs', { email: user.email })}</p>
              {accept.isError ? <Notice variant="error">{localizeError(accept.error, 'teams', t('common.unexpected'))}</Notice> : null}
              <Button onClick={() => accept.mutate(token)} disabled={accept.isPending} className="justify-self-start">
                {accept.isPending ? (
                  <>
                    <Spinner className="text-primary-foreground" /> {t('accept.accepting')}
                  </>
                ) : (
                  t('accept.submit')
                )}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
