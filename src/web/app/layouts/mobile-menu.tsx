import { LayoutDashboard, Library, LogOut, User } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { CurrentUser } from '#shared/auth.ts';
import { LanguageSwitcher } from '#web/components/language-switcher.tsx';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx';
import { useSignOut } from '#web/lib/auth.ts';
import { accountLinks, PUBLIC_NAV_LINKS } from './public-nav.ts';
import { AuthButtons, isActive } from './site-header.tsx';

/**
 * The menu below `lg` (site-header.tsx's button opens it, loading this file and the dialog library on
 * the first tap): links, language, and the account's links or the sign-in buttons.
 */
export function MobileMenu({
  user,
  open,
  setOpen,
  trigger,
}: {
  user: CurrentUser | null | undefined;
  open: boolean;
  setOpen: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const signOut = useSignOut();
  const close = () => setOpen(false);
  const links = user ? accountLinks(user.role === 'admin') : null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        side="right"
        closeLabel={t('header.closeMenu')}
        className="p-6 pt-5"
        // The button is not a DialogTrigger (it exists before this file loads): focus goes back to it.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
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
                  <Library aria-hidden="true" /> {t('nav.library')}
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
