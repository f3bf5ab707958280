import { LogIn } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { isApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useProfile } from '../api/get-profile.ts';
import { MyProductsList } from '../components/my-products-list.tsx';
import { ProfileDetails } from '../components/profile-details.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { ProfileOverview } from '../components/profile-overview.tsx';
import { useDashboardBase } from '../utils/dashboard-base.ts';
import { useLiveProfile } from '../utils/use-live-profile.ts';

const TABS = ['overview', 'profile', 'my-products', 'client-history'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: unknown): value is Tab => typeof value === 'string' && (TABS as readonly string[]).includes(value);

/** 'User not found. Please log in.' with the way to the login form. */
function SignedOut() {
  const { t } = useTranslation('profiles');
  return (
    <div className="mx-auto grid w-full max-w-lg gap-4">
      <Notice variant="error" title={t('errors.userNotFound')} />
      <div>
        <Button asChild>
          <Link to="/auth" state={{ defaultTab: 'login' }}>
            <LogIn aria-hidden="true" /> {t('actions.logIn')}
          </Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * /dashboard/profile and /admin/profile (SPEC §2 Profile page): tabs overview, profile,
 * my-products and client-history, opened on a tab by ?tab= or by navigation state defaultTab.
 * The sales history comes from the sales feature, composed in by the router.
 */
export function ProfilePage({ salesHistory }: { salesHistory?: ReactNode }) {
  const { t } = useTranslation('profiles');
  usePageTitle(t('title'));
  const base = useDashboardBase();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const stateTab = (location.state as { defaultTab?: unknown } | null)?.defaultTab;
  const urlTab = searchParams.get('tab');
  const tab: Tab = isTab(urlTab) ? urlTab : isTab(stateTab) ? stateTab : 'overview';
  const [editing, setEditing] = useState(false);
  const { data: profile, isPending, isError, error, refetch, isFetching } = useProfile();
  useLiveProfile();

  const openTab = (next: string) => {
    if (!isTab(next)) return;
    setSearchParams((params) => {
      params.set('tab', next);
      return params;
    }, { replace: true, state: location.state });
  };
  const startEditing = () => {
    setEditing(true);
    openTab('profile');
  };

  if (isPending) return <LoadingState label={t('loading')} />;
  if (isError) {
    if (isApiError(error, 401)) return <SignedOut />;
    return (
      <div className="mx-auto grid w-full max-w-lg gap-4">
        <Notice variant="error" title={t('loadFailed')}>
          {localizeError(error, 'profiles')}
        </Notice>
        <div>
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
            {t('actions.tryAgain')}
          </Button>
        </div>
      </div>
    );
  }

  const isAdmin = profile.role === 'admin';
  const visibleTabs = TABS.filter((name) => !isAdmin || name === 'overview' || name === 'profile');
  const current = visibleTabs.includes(tab) ? tab : 'overview';
  const labels: Record<Tab, string> = {
    overview: t('tabs.overview'),
    profile: t('tabs.profile'),
    'my-products': t('tabs.myProducts'),
    'client-history': t('tabs.clientHistory'),
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('subtitle')}</p>
      </div>
      <Tabs value={current} onValueChange={openTab}>
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:w-auto">
          {visibleTabs.map((name) => (
            <TabsTrigger key={name} value={name} className="py-2">
              {labels[name]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <ProfileOverview profile={profile} base={base} onEdit={startEditing} />
        </TabsContent>
        <TabsContent value="profile">
          <Card>
            <CardContent className="pt-6">
              {editing ? <ProfileForm profile={profile} onDone={() => setEditing(false)} /> : <ProfileDetails profile={profile} onEdit={() => setEditing(true)} />}
            </CardContent>
          </Card>
        </TabsContent>
        {isAdmin ? null : (
          <>
            <TabsContent value="my-products">
              <Card>
                <CardContent className="pt-6">
                  <MyProductsList base={base} />
                </CardContent>
              </Card>
            </TabsContent>
            <TabsContent value="client-history">{salesHistory ?? <p className="text-muted-foreground">{t('sales.unavailable')}</p>}</TabsContent>
          </>
        )}
      </Tabs>
    </div>
  );
}
