import { Library } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useLibrary, type LibraryItem } from '../api/get-library.ts';
import { LibraryItemCard } from '../components/library-item-card.tsx';
import { ResendReceiptsForm } from '../components/resend-receipts-form.tsx';

/**
 * /library: every purchase made with the signed-in user's confirmed e-mail, with downloads; the router
 * composes in how a purchase's license key is shown (the licenses feature) and the Updates creators
 * sent (the audience feature).
 */
export function LibraryPage({ licenseKey, memberships, updates }: { licenseKey?: (item: LibraryItem) => ReactNode; memberships?: ReactNode; updates?: ReactNode }) {
  const { t } = useTranslation('orders');
  usePageTitle(t('library.title'));
  const { data: user, isPending: userPending } = useCurrentUser();
  const library = useLibrary(Boolean(user));

  let body;
  if (userPending || (user && library.isPending)) body = <LoadingState label={t('library.loading')} />;
  else if (!user) {
    body = (
      <div className="grid gap-6">
        <Notice variant="info" title={t('library.signInTitle')}>
          <p>{t('library.signInBody')}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/auth" state={{ defaultTab: 'login' }}>
                {t('library.logIn')}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/auth" state={{ defaultTab: 'signup' }}>
                {t('library.signUp')}
              </Link>
            </Button>
          </div>
        </Notice>
        <Card className="p-6">
          <ResendReceiptsForm />
        </Card>
      </div>
    );
  } else if (library.isError) {
    body = (
      <div className="grid gap-3">
        <Notice variant="error">{t('library.loadFailed', { message: localizeError(library.error, 'orders') })}</Notice>
        <div>
          <Button variant="outline" onClick={() => void library.refetch()} disabled={library.isFetching}>
            {t('common:tryAgain')}
          </Button>
        </div>
      </div>
    );
  } else if (!library.data || library.data.items.length === 0) {
    body = (
      <div className="grid justify-items-center gap-4 rounded-2xl border border-dashed border-border bg-card/50 p-10 text-center">
        <Library aria-hidden="true" className="size-10 text-brand-soft" />
        <p className="text-lg font-semibold">{t('library.empty')}</p>
        <p className="text-muted-foreground">{t('library.emptyHint', { email: user.email })}</p>
        <Button asChild>
          <Link to="/store">{t('cart.browse')}</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <ul aria-label={t('library.listLabel')} className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {library.data.items.map((item) => (
          <li key={item.saleId} className="grid">
            <LibraryItemCard item={item} extra={licenseKey?.(item)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t('library.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('library.subtitle')}</p>
      </div>
      {user ? memberships : null}
      {body}
      {user ? updates : null}
    </div>
  );
}
