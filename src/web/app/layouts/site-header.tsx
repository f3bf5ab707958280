import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { CurrentUser } from '#shared/auth.ts';
import { BrandLogo } from '#web/components/brand-logo.tsx';
import { LanguageSwitcher } from '#web/components/language-switcher.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { cn } from '#web/lib/utils.ts';
import { PUBLIC_NAV_LINKS } from './public-nav.ts';

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

export function isActive(pathname: string, to: string): boolean {
  if (to.includes('#')) return false;
  return pathname === to || pathname.startsWith(`${to}/`);
}

const AccountMenu = lazy(async () => ({ default: (await import('./account-menu.tsx')).AccountMenu }));
const CartLink = lazy(async () => ({ default: (await import('#web/features/orders/components/cart-link.tsx')).CartLink }));

export function AuthButtons({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
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

const loadMobileMenu = () => import('./mobile-menu.tsx');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

/** The menu button below `lg`; the menu (and the dialog library) loads when it is first pointed at or tapped. */
function MobileMenuButton({ user }: { user: CurrentUser | null | undefined }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const { t } = useTranslation();
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        aria-label={t('header.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="lg:hidden"
        data-takeover="menu"
        onPointerEnter={() => void loadMobileMenu()}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-5!" />
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <MobileMenu user={user} open={open} setOpen={setOpen} trigger={trigger} />
        </Suspense>
      )}
    </>
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
          <MobileMenuButton user={user} />
        </div>
      </div>
    </header>
  );
}
