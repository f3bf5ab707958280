import type { ReactNode } from 'react';
import { Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDiscountCodeFromUrl } from '#web/lib/discount-code.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useCreator } from '../api/get-creator.ts';
import { CreatorAvatar } from '../components/creator-avatar.tsx';
import { CreatorPortfolio } from '../components/creator-portfolio.tsx';
import { CreatorSocialLinks } from '../components/creator-social-links.tsx';
import type { CardAction } from '../components/product-card.tsx';
import { StoreBrowser } from '../components/store-browser.tsx';
import { StoreNotice } from '../components/store-notice.tsx';
import { useLiveStore } from '../utils/use-live-store.ts';

/** /store/{slug} and /store/creator/{userId}: one creator's profile and products; no category chips or sidebar. */
/** `updatesBox`: the audience feature's "Get updates" sign-up, `cardAction` the orders feature's Buy now, composed in by the router. */
export function StorefrontPage({ updatesBox, cardAction }: { updatesBox?: (creator: { id: string; name: string }) => ReactNode; cardAction?: CardAction } = {}) {
  const { creatorIdOrSlug, userId } = useParams();
  const { t } = useTranslation('products');
  const key = (userId ?? creatorIdOrSlug ?? '').trim();
  useLiveStore();
  useDiscountCodeFromUrl();
  const { data: creator, isPending, isError, error, refetch, isFetching } = useCreator(key);
  usePageTitle(creator ? t('storefront.pageTitle', { name: creator.name }) : isError ? t('storefront.notFoundTitle') : t('storefront.label'));

  if (isPending) return <LoadingState label={t('storefront.loading')} className="min-h-[50vh]" />;
  if (isError) {
    if (isApiError(error, 404) || error.message === PRODUCT_MESSAGES.creatorNotFound) {
      return (
        <StoreNotice title={t('storefront.notFound')}>
          <p>{t('storefront.notFoundBody')}</p>
        </StoreNotice>
      );
    }
    return (
      <StoreNotice
        title={t('storefront.failedTitle')}
        action={
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
            {t('common:tryAgain')}
          </Button>
        }
      >
        <p>{t('storefront.failed', { message: error.message })}</p>
      </StoreNotice>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-10 sm:px-6 sm:py-14">
      <header className="relative overflow-hidden rounded-2xl border border-border bg-card p-6 sm:p-8">
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-gradient-to-br from-violet-600/25 via-transparent to-fuchsia-600/15" />
        <div className="relative flex flex-col gap-5 sm:flex-row sm:items-center">
          <CreatorAvatar name={creator.name} src={creator.avatarUrl} className="size-20 text-2xl sm:size-24" />
          <div className="grid min-w-0 gap-2">
            <p className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-brand-soft uppercase">
              <Store aria-hidden="true" className="size-3.5" /> {t('storefront.label')}
            </p>
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{creator.name}</h1>
            {creator.bio ? <p className="max-w-2xl whitespace-pre-line text-muted-foreground">{creator.bio}</p> : null}
            <CreatorSocialLinks links={creator.socialLinks} name={creator.name} />
            <CreatorPortfolio skills={creator.skills} portfolio={creator.portfolio} />
          </div>
        </div>
      </header>
      <StoreBrowser creator={creator.slug || creator.id} cardAction={cardAction} />
      {updatesBox?.({ id: creator.id, name: creator.name })}
    </div>
  );
}
