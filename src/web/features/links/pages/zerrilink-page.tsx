import { BarChart3, Link2, LogIn, QrCode, Search, Wand2 } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { CheckLinkForm } from '../components/check-link-form.tsx';
import { ShortenForm } from '../components/shorten-form.tsx';

const perks = (t: TFunction<'links'>) => [
  { icon: BarChart3, text: t('zerrilink.perks.stats') },
  { icon: QrCode, text: t('zerrilink.perks.qr') },
  { icon: Link2, text: t('zerrilink.perks.list') },
];

/** /zerrilink (SPEC "Link shortener screens"): create a short link, check one, and an invitation to sign in. */
export function ZerriLinkPage() {
  const { t } = useTranslation('links-pages');
  usePageTitle('ZerriLink');
  const { data: user } = useCurrentUser();
  return (
    <div className="relative isolate">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 -top-16 -z-10 h-96 overflow-hidden">
        <div className="absolute -top-32 left-1/2 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-violet-700/25 blur-3xl" />
      </div>
      <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-12 sm:px-6 sm:py-16">
        <header className="text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-accent text-brand-soft">
            <Link2 aria-hidden="true" className="size-7" />
          </span>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight sm:text-5xl">ZerriLink</h1>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-muted-foreground">
            {t('zerrilink.intro')}
          </p>
        </header>

        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Wand2 aria-hidden="true" className="size-5 text-brand-soft" /> {t('zerrilink.createTitle')}
              </CardTitle>
              <CardDescription>{t('zerrilink.createText')}</CardDescription>
            </CardHeader>
            <CardContent>
              <ShortenForm />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Search aria-hidden="true" className="size-5 text-brand-soft" /> {t('zerrilink.checkTitle')}
              </CardTitle>
              <CardDescription>{t('zerrilink.checkText')}</CardDescription>
            </CardHeader>
            <CardContent>
              <CheckLinkForm />
            </CardContent>
          </Card>
        </div>

        <Card className="overflow-hidden">
          <div className="flex flex-col gap-6 p-6 sm:p-8 md:flex-row md:items-center md:justify-between">
            <div>
              <h2 className="text-xl font-bold tracking-tight">{t('zerrilink.trackTitle')}</h2>
              <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
                {perks(t).map(({ icon: Icon, text }) => (
                  <li key={text} className="flex items-center gap-2">
                    <Icon aria-hidden="true" className="size-4 text-brand-soft" /> {text}
                  </li>
                ))}
              </ul>
            </div>
            {user ? (
              <Button asChild size="lg">
                <Link to="/zerrilink-dashboard">
                  <BarChart3 aria-hidden="true" /> {t('zerrilink.goToMyLinks')}
                </Link>
              </Button>
            ) : (
              <Button asChild size="lg">
                <Link to="/auth" state={{ defaultTab: 'login' }}>
                  <LogIn aria-hidden="true" /> {t('zerrilink.login')}
                </Link>
              </Button>
            )}
          </div>
        </Card>
      </div>
    </div>
  );
}
