import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/lib/page-title.ts';
import type { CardAction } from '../components/product-card.tsx';
import { StoreBrowser } from '../components/store-browser.tsx';
import { useLiveStore } from '../utils/use-live-store.ts';

/** /store: the marketplace (SPEC §2). Every filter lives in the URL. */
/** `cardAction`: the orders feature's Buy now on each card, composed in by the router. */
export function StorePage({ cardAction }: { cardAction?: CardAction } = {}) {
  const { t } = useTranslation('products');
  usePageTitle(t('marketplace.title'));
  useLiveStore();
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-10 sm:px-6 sm:py-14">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('marketplace.title')}</h1>
        <p className="max-w-2xl text-muted-foreground">{t('marketplace.intro')}</p>
      </header>
      <StoreBrowser cardAction={cardAction} />
    </div>
  );
}
