import { Library, MessagesSquare, Settings, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '#shared/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { CommunitySummary } from '#web/features/community/components/community-summary.tsx';
import { RecentPurchases } from '#web/features/orders/components/recent-purchases.tsx';
import { HomeHeader } from './home-header.tsx';

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
      <Card className="p-6">
        <h2 className="mb-4 text-lg font-semibold">{t('home.links.title')}</h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {links.map((link) => (
            <Button key={link.to} asChild variant="secondary" className="h-auto min-w-0 justify-start py-3 text-left whitespace-normal">
              <Link to={link.to}>
                <link.icon aria-hidden="true" /> {link.label}
              </Link>
            </Button>
          ))}
        </div>
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RecentPurchases />
        <CommunitySummary userId={user.id} />
      </div>
    </div>
  );
}
