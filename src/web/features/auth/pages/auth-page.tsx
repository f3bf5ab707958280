import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { homePathForRole, type CurrentUser } from '#shared/auth.ts';
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

/** A plan may be passed as its name or as an object with a name (and a billing period). */
function planLabel(plan: unknown): string | undefined {
  if (typeof plan === 'string' && plan.trim()) return plan.trim();
  if (plan && typeof plan === 'object' && 'name' in plan && typeof plan.name === 'string') {
    const period = 'billing' in plan && typeof plan.billing === 'string' ? plan.billing : undefined;
    return period ? `${plan.name} (${period})` : plan.name;
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
  const state = readState(location.state);
  const plan = planLabel(state.plan);

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

  usePageTitle(tab === 'signup' ? 'Sign up' : 'Log in');

  const verified = searchParams.get('verified') === '1';
  const verificationError = verified ? searchParams.get('error') : null;

  // A signed-in visitor has nothing to do here (the login form redirects by itself).
  if (user && !redirecting) return <Navigate to={homePathForRole(user.role)} replace />;

  const handleSignedIn = (signedIn: CurrentUser) => {
    setRedirecting(true);
    showToast({ title: 'Login Successful', description: `Welcome back, ${signedIn.name}!`, variant: 'success' });
    queryClient.setQueryData(currentUserQueryKey, signedIn);
    void navigate(homePathForRole(signedIn.role), { replace: true });
  };

  const handleSignedUp = (email: string) => {
    setLoginEmail(email);
    setAwaitingConfirmation(email);
    setTab('login');
  };

  return (
    <AuthShell
      title={`Welcome to ${brand}`}
      description={tab === 'signup' ? 'Create your account and start selling in minutes.' : 'Log in to manage your products, links and sales.'}
    >
      <Card>
        <CardContent className="p-6 sm:p-8">
          <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="signup">Sign Up</TabsTrigger>
            </TabsList>

            <TabsContent value="login" className="mt-6 grid gap-5">
              {verificationError ? (
                <Notice variant="error" title="Confirmation link not valid">
                  This confirmation link is invalid or has expired. Please sign up again or contact support.
                </Notice>
              ) : verified ? (
                <Notice variant="success" title="Email confirmed">
                  Your email address is confirmed. You can now log in.
                </Notice>
              ) : null}
              {awaitingConfirmation ? (
                <Notice variant="info" title="Check your inbox">
                  <p>
                    We sent a confirmation link to <strong className="font-semibold">{awaitingConfirmation}</strong>. Confirm your
                    email, then log in below.
                  </p>
                  {site?.devMailbox ? (
                    <p className="mt-2">
                      <a href="/dev/mailbox" className="font-semibold text-violet-200 underline underline-offset-4 hover:text-white">
                        Open the dev mailbox
                      </a>
                    </p>
                  ) : null}
                </Notice>
              ) : null}
              <LoginForm key={loginEmail} defaultEmail={loginEmail} onSignedIn={handleSignedIn} />
            </TabsContent>

            <TabsContent value="signup" className="mt-6 grid gap-5">
              {plan ? (
                <Notice variant="info" title="Selected plan">
                  You chose the <strong className="font-semibold">{plan}</strong> plan. Create your account to get started.
                </Notice>
              ) : null}
              <SignUpForm onSignedUp={handleSignedUp} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <p className="mt-6 text-center text-xs text-muted-foreground">
        By continuing you agree to the {brand} Terms of Service and Privacy Policy.
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
