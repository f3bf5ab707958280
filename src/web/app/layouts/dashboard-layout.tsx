import { ExternalLink, Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '#web/components/brand-logo.tsx';
import { LanguageSwitcher } from '#web/components/language-switcher.tsx';
import { NavigationProgress } from '#web/components/navigation-progress.tsx';
import { SkipLink } from '#web/components/skip-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';
import { dashboardKind, type DashboardKind } from '#shared/auth.ts';
import { MessagesButton } from '#web/features/conversations/components/messages-button.tsx';
import { NotificationBell } from '#web/features/notifications/components/notification-bell.tsx';
import { ActingStoreNotice, StoreSwitcher } from '#web/features/teams/components/store-switcher.tsx';
import { useActingStore } from '#web/lib/acting-store.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { cn } from '#web/lib/utils.ts';
import type { DashboardArea } from '../guards/require-dashboard-access.tsx';
import { AccountMenu } from './account-menu.tsx';
import { ADMIN_NAV, CREATOR_NAV, dashboardNav, STORE_NAV } from './dashboard-nav.ts';
import { SidebarNav } from './sidebar-nav.tsx';

const COLLAPSED_KEY = 'zerri.sidebar-collapsed';

/** The header title of each dashboard (`common` keys): 'Creator Dashboard' and 'Admin Panel' are the spec's. */
const TITLES: Record<DashboardKind, string> = {
  admin: 'dashboard.adminTitle',
  creator: 'dashboard.creatorTitle',
  buyer: 'dashboard.buyerTitle',
  company: 'dashboard.companyTitle',
};

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** SPEC §2 dashboard shell: a 260 px sidebar (collapsible on desktop, a drawer on mobile) and a header. */
export function DashboardLayout({ area }: { area: DashboardArea }) {
  const { data: user } = useCurrentUser();
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const isAdmin = area === 'admin';
  // Each role its own navigation and title (#20.2); the guard has sent admins to the admin area.
  const kind = isAdmin ? 'admin' : user ? dashboardKind(user.role) : 'creator';
  // A team member working on an owner's store sees only that store's pages (decision 023).
  const acting = useActingStore();
  const items = isAdmin ? ADMIN_NAV : acting ? STORE_NAV : user ? dashboardNav(user) : CREATOR_NAV;
  const title = t(TITLES[kind]);
  const navLabel = isAdmin ? t('dashboard.adminNavigation') : t('dashboard.creatorNavigation');
  const home = isAdmin ? '/admin' : '/dashboard';
  // "View site" opens a creator's own store (its address is GET /api/my/onboarding's storeUrl, /store/<slug>);
  // admins, buyers, companies and a team member working on another store get the site's home.
  const site = kind === 'creator' && !acting && user?.storefrontSlug ? `/store/${encodeURIComponent(user.storefrontSlug)}` : '/';

  const toggleCollapsed = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      window.localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  };

  return (
    <TooltipProvider delayDuration={200}>
      <div className="flex min-h-dvh">
        <SkipLink />
        <NavigationProgress />
        <aside
          aria-label={t('dashboard.sidebar')}
          className={cn(
            'sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-border bg-card/60 transition-[width] duration-200 md:flex',
            collapsed ? 'w-[72px]' : 'w-[260px]',
          )}
        >
          <div className={cn('flex h-16 items-center border-b border-border px-4', collapsed ? 'justify-center px-0' : 'justify-between')}>
            <BrandLogo to={home} collapsed={collapsed} />
            {collapsed ? null : (
              <Button variant="ghost" size="icon" aria-label={t('dashboard.collapseSidebar')} onClick={toggleCollapsed} className="size-9">
                <PanelLeftClose aria-hidden="true" />
              </Button>
            )}
          </div>
          <SidebarNav items={items} collapsed={collapsed} label={navLabel} />
          {collapsed ? (
            <div className="flex justify-center border-t border-border p-3">
              <Button variant="ghost" size="icon" aria-label={t('dashboard.expandSidebar')} onClick={toggleCollapsed} className="size-9">
                <PanelLeftOpen aria-hidden="true" />
              </Button>
            </div>
          ) : null}
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-border bg-background/85 px-4 backdrop-blur-lg sm:px-6">
            <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
              <DialogTrigger asChild>
                <Button variant="ghost" size="icon" aria-label={t('dashboard.openNavigation')} className="md:hidden">
                  <Menu aria-hidden="true" className="size-5!" />
                </Button>
              </DialogTrigger>
              <DialogContent side="left" closeLabel={t('dashboard.closeNavigation')} className="bg-card">
                <div className="flex h-16 items-center border-b border-border px-4">
                  <DialogTitle className="sr-only">{t('dashboard.navigation')}</DialogTitle>
                  <DialogDescription className="sr-only">{t('dashboard.pages', { title })}</DialogDescription>
                  <BrandLogo to={home} />
                </div>
                <SidebarNav items={items} label={navLabel} onNavigate={() => setDrawerOpen(false)} />
                <LanguageSwitcher showLabel className="border-t border-border p-4 sm:hidden" />
              </DialogContent>
            </Dialog>
            <p className="truncate text-base font-semibold tracking-tight sm:text-lg">{title}</p>
            <div className="ml-auto flex items-center gap-2">
              {user && !isAdmin ? <StoreSwitcher className="hidden sm:flex" /> : null}
              <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
                <Link to={site}>
                  <ExternalLink aria-hidden="true" /> {t('dashboard.viewSite')}
                </Link>
              </Button>
              <LanguageSwitcher compact className="hidden sm:flex" />
              {user && !isAdmin ? <MessagesButton /> : null}
              {user ? <NotificationBell /> : null}
              {user ? <AccountMenu user={user} entries={['profile', 'settings']} /> : null}
            </div>
          </header>
          <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
            {/* On a phone the header has no room for the store switcher: it opens the page instead. */}
            {user && !isAdmin ? <StoreSwitcher wide className="mb-4 sm:hidden" /> : null}
            {isAdmin ? null : <ActingStoreNotice />}
            <Outlet />
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
