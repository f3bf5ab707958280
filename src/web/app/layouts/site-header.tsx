import { LayoutDashboard, Library, LogOut, Menu, User } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { CurrentUser } from '#shared/auth.ts';
import { BrandLogo } from '#web/components/brand-logo.tsx';
import { LanguageSwitcher } from '#web/components/language-switcher.tsx';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { useCurrentUser, useSignOut } from '#web/lib/auth.ts';
import { cn } from '#web/lib/utils.ts';
import { accountLinks, PUBLIC_NAV_LINKS } from './public-nav.ts';

const SCROLL_THRESHOLD_PX = 10;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

function isActive(pathname: string, to: string): boolean {
  if (to.includes('#')) return false;
  return pathname === to || pathname.startsWith(`${to}/`);
}

const AccountMenu = lazy(async () => ({ default: (await import('./account-menu.tsx')).AccountMenu }));
const CartLink = lazy(async () => ({ default: (await import('#web/features/orders/components/cart-link.tsx')).CartLink }));

function AuthButtons({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Button asChild variant="ghost">
        <Link to="/auth" state={{ defaultTab: 'login' }} onClick={onNavigate}>
          {t('header.logIn')}
        </Link>
      </Button>
      <Button asChild>
        <Link to="/auth" state={{ defaultTab: 'signup' }} onClick={onNavigate}>
          {t('header.signUp')}
        </Link>
      </Button>
    </div>
  );
}

function MobileMenu({ user }: { user: CurrentUser | null | undefined }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const signOut = useSignOut();
  const close = () => setOpen(false);
  const links = user ? accountLinks(user.role === 'admin') : null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('header.openMenu')} className="lg:hidden">
          <Menu aria-hidden="true" className="size-5!" />
        </Button>
      </DialogTrigger>
      <DialogContent side="right" closeLabel={t('header.closeMenu')} className="p-6 pt-5">
        <DialogTitle className="pr-10">{t('header.menu')}</DialogTitle>
        <DialogDescription className="sr-only">{t('header.menuDescription')}</DialogDescription>
        <nav aria-label={t('header.mobileNav')} className="mt-6">
          <ul className="grid gap-1">
            {PUBLIC_NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={close}
                  aria-current={isActive(pathname, link.to) ? 'page' : undefined}
                  className="block rounded-md px-3 py-2.5 text-base font-medium text-foreground hover:bg-accent aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground"
                >
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher showLabel className="mt-6" />
        <div className="mt-auto border-t border-border pt-5">
          {user && links ? (
            <div className="grid gap-2">
              <div className="mb-2 flex items-center gap-3">
                <UserAvatar user={user} />
                <div className="min-w-0">
                  <p className="truncate font-medium">{user.name}</p>
                  <p className="truncate text-xs text-muted-foreground">{user.email}</p>
                </div>
              </div>
              <Button asChild variant="secondary" className="justify-start">
                <Link to={links.dashboard} onClick={close}>
                  <LayoutDashboard aria-hidden="true" /> {t('account.dashboard')}
                </Link>
              </Button>
              <Button asChild variant="secondary" className="justify-start">
                <Link to={links.profile} onClick={close}>
                  <User aria-hidden="true" /> {t('account.profile')}
                </Link>
              </Button>
              <Button asChild variant="secondary" className="justify-start">
                <Link to="/library" onClick={close}>
                  <Library aria-hidden="true" /> {t('commerce:nav.library')}
                </Link>
              </Button>
              <Button
                variant="outline"
                className="justify-start"
                disabled={signOut.isPending}
                onClick={() => {
                  close();
                  signOut.mutate();
                }}
              >
                <LogOut aria-hidden="true" /> {t('account.logOut')}
              </Button>
            </div>
          ) : (
            <AuthButtons className="grid grid-cols-2" onNavigate={close} />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The fixed public header; it gains a background, blur and shadow after 10 px of scrolling. Its links
 * and buttons need a large screen in French and Spanish, so below `lg` they live in the menu.
 */
export function SiteHeader() {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const { pathname } = useLocation();
  const { data: user, isPending } = useCurrentUser();
  const { t } = useTranslation();
  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b transition-[background-color,box-shadow,border-color,backdrop-filter] duration-300',
        scrolled
          ? 'border-border/80 bg-background/80 shadow-lg shadow-black/30 backdrop-blur-lg'
          : 'border-transparent bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLogo />
        <nav aria-label={t('header.mainNav')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {PUBLIC_NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  aria-current={isActive(pathname, link.to) ? 'page' : undefined}
                  className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground aria-[current=page]:text-foreground"
                >
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Suspense fallback={<span className="size-10" aria-hidden="true" />}>
            <CartLink />
          </Suspense>
          <LanguageSwitcher compact className="hidden lg:flex" />
          {isPending ? (
            <span className="hidden h-10 w-40 lg:block" aria-hidden="true" />
          ) : user ? (
            <Suspense fallback={<span className="size-10" aria-hidden="true" />}><AccountMenu user={user} /></Suspense>
          ) : (
            <AuthButtons className="hidden lg:flex" />
          )}
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  );
}
