import { CalendarDays, CircleAlert, ExternalLink, Eye, Link2Off, Lock, MousePointerClick, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { REDIRECT_ERROR_DELAY_MS } from '#shared/links.ts';
import { BrandLogo } from '#web/components/brand-logo.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useSite } from '#web/lib/site.ts';
import { useLink } from '../api/get-link.ts';
import { useUnlockLink } from '../api/unlock-link.ts';
import { ReportLink } from '../components/report-link.tsx';
import { CopyButton } from '#web/components/copy-button.tsx';
import { useLinkCopyTexts } from '../utils/copy-texts.ts';
import { shortUrlOf, shortUrlOnDomain } from '../utils/link-code.ts';
import { formatCount, formatDateTime } from '#web/lib/format.ts';

const RETRY_KEY = 'zerrilink.retried';
const RETRY_WINDOW_MS = 30_000;

/**
 * The server redirects known codes itself; if the app still opened for one (a stale cache, say),
 * go through the server once. The note in session storage stops a loop for a link that the server
 * refuses to follow (a blocked domain).
 */
function recentlyRetried(code: string): boolean {
  try {
    const raw = window.sessionStorage.getItem(RETRY_KEY);
    const previous = raw ? (JSON.parse(raw) as { code?: string; at?: number }) : null;
    return previous?.code === code && typeof previous.at === 'number' && Date.now() - previous.at < RETRY_WINDOW_MS;
  } catch {
    return true;
  }
}

function retryThroughServer(code: string, domain: string | null): void {
  try {
    window.sessionStorage.setItem(RETRY_KEY, JSON.stringify({ code: domain ? `${domain}/${code}` : code, at: Date.now() }));
  } catch {
    return;
  }
  window.location.replace(domain ? `/z/${encodeURIComponent(domain)}/${encodeURIComponent(code)}` : `/z/${encodeURIComponent(code)}`);
}

function Screen({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-16 items-center border-b border-border/60 px-4 sm:px-6">
        <BrandLogo />
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 py-12">
        <Card className="w-full max-w-lg p-8 text-center">{children}</Card>
      </main>
    </div>
  );
}

/** The screen's icon in its badge: red for a problem, the brand's for the rest. */
function ScreenIcon({ icon: Icon, problem = false }: { icon: LucideIcon; problem?: boolean }) {
  const tone = problem ? 'bg-red-500/10 text-red-300' : 'bg-accent text-brand-soft';
  return (
    <span className={`mx-auto flex size-14 items-center justify-center rounded-2xl ${tone}`}>
      <Icon aria-hidden="true" className="size-7" />
    </span>
  );
}

/** SPEC §8 Redirect: 'Invalid Link' or 'Link Not Found', then /zerrilink after 2 seconds. */
function RedirectError({ title, message, code, domain = null }: { title: string; message: string; code?: string; domain?: string | null }) {
  const { t } = useTranslation('links-pages');
  usePageTitle(title);
  const navigate = useNavigate();
  // A visitor who opens the report form stays on the screen.
  const [reporting, setReporting] = useState(false);
  useEffect(() => {
    if (reporting) return;
    const timer = setTimeout(() => void navigate('/zerrilink', { replace: true }), REDIRECT_ERROR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, reporting]);
  return (
    <Screen>
      <ScreenIcon icon={Link2Off} problem />
      <div role="alert">
        <h1 className="mt-5 text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-3 text-muted-foreground">{message}</p>
      </div>
      {reporting ? null : <p className="mt-6 text-sm text-muted-foreground">{t('redirect.takingYou', { count: REDIRECT_ERROR_DELAY_MS / 1000 })}</p>}
      <Button asChild className="mt-4">
        <Link to="/zerrilink" replace>
          {t('redirect.goNow')}
        </Link>
      </Button>
      {code ? (
        <div>
          <ReportLink code={code} domain={domain} onOpen={() => setReporting(true)} />
        </div>
      ) : null}
    </Screen>
  );
}

/** A link of this site, or with `domain` a links domain's code (its pages live here at /z/<domain>/<code>). */
interface Address {
  code: string;
  domain: string | null;
}

function UnknownCode({ code, domain }: Address) {
  const { t } = useTranslation('links-pages');
  const { data, error, isPending } = useLink(code, { domain });
  const [retryBlocked] = useState(() => recentlyRetried(domain ? `${domain}/${code}` : code));
  const retrying = Boolean(data) && !retryBlocked;
  useEffect(() => {
    if (retrying) retryThroughServer(code, domain);
  }, [retrying, code, domain]);

  if (error instanceof ApiError && error.code === 'password_required') return <PasswordScreen code={code} domain={domain} />;
  if (isPending || retrying) {
    return (
      <Screen>
        <LoadingState label={t('redirect.opening')} className="py-6" />
      </Screen>
    );
  }
  const message =
    !error || (error instanceof ApiError && error.status === 404)
      ? t('links:errors.linkNotFound')
      : error instanceof ApiError
        ? localizeError(error, 'links')
        : t('links:errors.linkNotFound');
  return <RedirectError title={t('links:errors.linkNotFoundTitle')} message={message} code={code} domain={domain} />;
}

/** A password-protected link: the visitor types its password, then goes on (the server counts the click). */
function PasswordScreen({ code, domain }: Address) {
  const { t } = useTranslation('links-pages');
  usePageTitle(t('password.pageTitle'));
  const id = useId();
  const inputId = `${id}-password`;
  const unlock = useUnlockLink();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string>();
  const [leaving, setLeaving] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setProblem(t('links:errors.password_empty'));
      return;
    }
    setProblem(undefined);
    unlock.mutate(
      { code, domain, password },
      {
        onSuccess: ({ url }) => {
          setLeaving(true);
          window.location.replace(url);
        },
        onError: (failure) => {
          setProblem(localizeError(failure, 'links', t('links:common.unexpected')));
          setPassword('');
          document.getElementById(inputId)?.focus();
        },
      },
    );
  };

  return (
    <Screen>
      <ScreenIcon icon={Lock} />
      <h1 className="mt-5 text-2xl font-bold tracking-tight">{t('password.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('password.text')}</p>
      <form noValidate onSubmit={submit} className="mt-6 grid gap-4 text-left">
        <FormField id={inputId} label={t('password.label')} error={problem}>
          <Input
            id={inputId}
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            {...fieldAria(inputId, problem)}
          />
        </FormField>
        <SubmitButton pending={unlock.isPending || leaving} pendingLabel={leaving ? t('redirect.opening') : t('password.checking')}>
          {t('password.submit')}
        </SubmitButton>
      </form>
      <ReportLink code={code} domain={domain} />
    </Screen>
  );
}

/** /z/{code}+ shows where a link goes without following it. */
function Preview({ code, domain }: Address) {
  const { t } = useTranslation('links-pages');
  const copyTexts = useLinkCopyTexts();
  usePageTitle(t('preview.pageTitle', { code }));
  const { data: site } = useSite();
  const { data: link, error, isPending } = useLink(code, { domain });
  const shortUrl = domain ? shortUrlOnDomain(code, domain, site?.publicUrl) : shortUrlOf(code, site?.publicUrl);

  if (isPending) {
    return (
      <Screen>
        <LoadingState label={t('preview.loading')} className="py-6" />
      </Screen>
    );
  }
  if (error instanceof ApiError && error.code === 'password_required') return <PasswordScreen code={code} domain={domain} />;
  if (!link) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <Screen>
        <ScreenIcon icon={CircleAlert} problem />
        <h1 className="mt-5 text-2xl font-bold tracking-tight">{t('links:errors.linkNotFoundTitle')}</h1>
        <p className="mt-3 text-muted-foreground">
          {notFound || !error ? t('links:errors.linkNotFound') : localizeError(error, 'links')}
        </p>
        <Button asChild className="mt-6">
          <Link to="/zerrilink">{t('preview.goToZerriLink')}</Link>
        </Button>
        <div>
          <ReportLink code={code} domain={domain} />
        </div>
      </Screen>
    );
  }
  return (
    <Screen>
      <ScreenIcon icon={Eye} />
      <p className="mt-5 text-sm font-semibold tracking-widest text-brand-soft uppercase">{t('preview.eyebrow')}</p>
      <h1 className="mt-2 font-mono text-xl font-bold break-all sm:text-2xl">{shortUrl.replace(/^https?:\/\//, '')}</h1>
      <p className="mt-3 text-sm text-muted-foreground">{t('preview.takesYouTo')}</p>
      {link.url === null ? (
        <p data-testid="preview-target" className="mt-2 rounded-lg border border-border bg-muted/40 px-3 py-2 text-sm">
          {t('preview.urlHidden')}
        </p>
      ) : (
        <p data-testid="preview-target" className="mt-2 rounded-lg border border-border bg-muted/40 px-3 py-2 font-mono text-sm break-all">
          {link.url}
        </p>
      )}
      <dl className="mt-5 grid grid-cols-2 gap-3 text-left text-sm">
        <div className="rounded-lg border border-border p-3">
          <dt className="flex items-center gap-1.5 text-muted-foreground">
            <MousePointerClick aria-hidden="true" className="size-4" /> {t('links:common.clicks')}
          </dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums">{formatCount(link.clicks)}</dd>
        </div>
        <div className="rounded-lg border border-border p-3">
          <dt className="flex items-center gap-1.5 text-muted-foreground">
            <CalendarDays aria-hidden="true" className="size-4" /> {t('links:common.created')}
          </dt>
          <dd className="mt-1 font-semibold">
            <time dateTime={link.createdAt}>{formatDateTime(link.createdAt)}</time>
          </dd>
        </div>
      </dl>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild>
          {/* A link that hides where it goes is followed through its short address (the visit counts). */}
          <a href={link.url ?? shortUrl} rel="noopener noreferrer nofollow">
            <ExternalLink aria-hidden="true" /> {t('preview.continue')}
          </a>
        </Button>
        <CopyButton text={shortUrl} texts={copyTexts} label={t('links:common.copyLabel', { text: shortUrl })} />
      </div>
      <p className="mt-4 text-xs text-muted-foreground">{link.url === null ? t('preview.counted') : t('preview.notCounted')}</p>
      <ReportLink code={code} domain={domain} />
    </Screen>
  );
}

/**
 * /z/* when the server did not redirect: a missing alias, an unknown code, or a preview (trailing +);
 * /z/<domain>/<code> is a links domain's code (where its password and expiry screens live).
 */
export function ShortLinkPage() {
  const { t } = useTranslation('links-pages');
  const path = useParams()['*'] ?? '';
  const slash = path.lastIndexOf('/');
  const domain = slash > 0 ? path.slice(0, slash) : null;
  const alias = path.slice(slash + 1);
  if (alias.endsWith('+') && alias.length > 1) return <Preview code={alias.slice(0, -1)} domain={domain} />;
  if (!alias || alias === '+') return <RedirectError title={t('links:errors.invalidLinkTitle')} message={t('links:errors.aliasMissing')} />;
  return <UnknownCode code={alias} domain={domain} />;
}
