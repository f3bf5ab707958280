import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '#web/components/rich-text.tsx';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LIBRARY_LINK, type CurrentUser } from '#shared/auth.ts';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { currentUserQueryKey, useCurrentUser } from '#web/lib/auth.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useBrand, useSite } from '#web/lib/site.ts';
import { showToast } from '#web/lib/toast.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { Notice } from '#web/components/notice.tsx';
import { SignUpForm } from '../components/sign-up-form.tsx';
import { landingPath } from '../utils/return-path.ts';

type AuthTab = 'login' | 'signup';

/** Navigation state other pages may pass to /auth (SPEC §2: defaultTab and plan). */
export interface AuthLocationState {
  defaultTab?: AuthTab;
  plan?: unknown;
  from?: string;
}

function readState(state: unknown): AuthLocationState {
  return state && typeof state === 'object' ? (state as AuthLocationState) : {};
}

/** A plan's name in the interface language when it is one of ours (the pricing section passes its id). */
function planName(name: string, t: TFunction<'auth'>): string {
  const names: Record<string, string> = { free: t('plans.free'), pro: t('plans.pro'), business: t('plans.business') };
  return names[name.toLowerCase()] ?? name;
}

/** A plan may be passed as its id or name, or as an object with a name (and a billing period). */
function planLabel(plan: unknown, t: TFunction<'auth'>): string | undefined {
  if (typeof plan === 'string' && plan.trim()) return planName(plan.trim(), t);
  if (plan && typeof plan === 'object' && 'name' in plan && typeof plan.name === 'string') {
    const name = planName(plan.name, t);
    const billing = 'billing' in plan && typeof plan.billing === 'string' ? plan.billing : undefined;
    if (!billing) return name;
    const periods: Record<string, string> = { monthly: t('plans.monthly'), yearly: t('plans.yearly') };
    return t('page.planWithPeriod', { plan: name, period: periods[billing] ?? billing });
  }
  return undefined;
}

function AuthScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const { data: user } = useCurrentUser();
  const { data: site } = useSite();
  const brand = useBrand();
  const { t } = useTranslation('auth');
  const state = readState(location.state);
  const plan = planLabel(state.plan, t);

  const [tab, setTab] = useState<AuthTab>(
    state.defaultTab === 'signup' || state.defaultTab === 'login'
      ? state.defaultTab
      : searchParams.get('tab') === 'signup' || plan
        ? 'signup'
        : 'login',
  );
  const [loginEmail, setLoginEmail] = useState('');
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  usePageTitle(tab === 'signup' ? t('page.titleSignup') : t('page.titleLogin'));

  const verified = searchParams.get('verified') === '1';
  const verificationError = verified ? searchParams.get('error') : null;
  // Back from a receipt's "Add to my library" link that could not sign in (spent, or an account with a second step).
  const libraryLinkError = searchParams.get('library') === '1' ? searchParams.get('error') : null;

  // A signed-in visitor has nothing to do here (the login form redirects by itself); the confirmation
  // link signs in, so it lands here signed in and goes on to the dashboard. A page that sent the
  // visitor here to sign in (`from`) gets them back.
  if (user && !redirecting) return <Navigate to={landingPath(state.from, user.role)} replace />;

  const handleSignedIn = (signedIn: CurrentUser) => {
    setRedirecting(true);
    const greeting = signedIn.firstSession ? t('toasts.welcome', { name: signedIn.name }) : t('toasts.welcomeBack', { name: signedIn.name });
    showToast({ title: t('toasts.loginSuccess'), description: greeting, variant: 'success' });
    queryClient.setQueryData(currentUserQueryKey, signedIn);
    void navigate(landingPath(state.from, signedIn.role), { replace: true });
  };

  const handleSignedUp = (email: string) => {
    setLoginEmail(email);
    setAwaitingConfirmation(email);
    setTab('login');
  };

  return (
    <AuthShell
      title={t('page.welcome', { brand })}
      description={tab === 'signup' ? t('page.signupLead') : t('page.loginLead')}
    >
      <Card>
        <CardContent className="p-6 sm:p-8">
          <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">{t('page.loginTab')}</TabsTrigger>
              <TabsTrigger value="signup">{t('page.signupTab')}</TabsTrigger>
            </TabsList>

            <TabsContent value="login" className="mt-6 grid gap-5">
              {libraryLinkError === LIBRARY_LINK.logInRequired ? (
                <Notice variant="info" title={t('page.libraryLogInTitle')}>
                  {t('page.libraryLogIn')}
                </Notice>
              ) : libraryLinkError ? (
                <Notice variant="error" title={t('page.libraryLinkTitle')}>
                  {t('page.libraryLinkInvalid')}
                </Notice>
              ) : null}
              {verificationError ? (
                <Notice variant="error" title={t('page.linkInvalidTitle')}>
                  {t('page.linkInvalid')}
                </Notice>
              ) : verified && user === null ? (
                <Notice variant="success" title={t('page.confirmedTitle')}>
                  {t('page.confirmed')}
                </Notice>
              ) : null}
              {awaitingConfirmation ? (
                <Notice variant="info" title={t('page.checkInboxTitle')}>
                  <p>
                    <RichText text={t('page.checkInbox', { email: awaitingConfirmation })} components={{ strong: <strong className="font-semibold" /> }} />
                  </p>
                  {site?.devMailbox ? (
                    <p className="mt-2">
                      <a href="/dev/mailbox" className="font-semibold text-violet-200 underline underline-offset-4 hover:text-white">
                        {t('page.devMailbox')}
                      </a>
                    </p>
                  ) : null}
                </Notice>
              ) : null}
              <LoginForm key={loginEmail} defaultEmail={loginEmail} onSignedIn={handleSignedIn} />
            </TabsContent>

            <TabsContent value="signup" className="mt-6 grid gap-5">
              {plan ? (
                <Notice variant="info" title={t('page.planTitle')}>
                  <RichText text={t('page.plan', { plan })} components={{ strong: <strong className="font-semibold" /> }} />
                </Notice>
              ) : null}
              <SignUpForm onSignedUp={handleSignedUp} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <p className="mt-6 text-center text-xs text-muted-foreground">
        {t('page.agree', { brand })}
      </p>
    </AuthShell>
  );
}

/** /auth: Login and Sign Up tabs; the tab (and a plan) can be preset by navigation state or ?tab=signup. */
export function AuthPage() {
  const location = useLocation();
  // A new navigation to /auth (e.g. the header's Sign Up while on Login) starts afresh with its preset.
  return <AuthScreen key={location.key} />;
}
