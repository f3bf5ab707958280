import { Library, MessagesSquare, Settings, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/auth.ts';
import { CommunitySummary } from '#web/features/community/components/community-summary.tsx';
import { RecentPurchases } from '#web/features/orders/components/recent-purchases.tsx';
import { HomeHeader } from './home-header.tsx';
import { LinkTilesCard } from '#web/components/link-tiles-card.tsx';

/** A buyer's home (role user, #20.2): their purchases, the people they follow and the community, and where to go next. */
export function BuyerHome({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('sales');
  const links = [
    { label: t('home.links.marketplace'), to: '/store', icon: Store },
    { label: t('home.links.library'), to: '/library', icon: Library },
    { label: t('home.links.community'), to: '/dashboard/zerrijobs?tab=community', icon: MessagesSquare },
    { label: t('home.links.settings'), to: '/dashboard/settings', icon: Settings },
  ];
  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-6xl gap-8">
      <HomeHeader user={user} kind="buyer" />
      <LinkTilesCard title={t('home.links.title')} links={links} className="grid-cols-2 lg:grid-cols-4" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RecentPurchases />
        <CommunitySummary userId={user.id} />
      </div>
    </div>
  );
}
