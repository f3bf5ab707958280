import { LayoutDashboard, Library, LogOut, Settings, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '#shared/auth.ts';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { useSignOut } from '#web/lib/auth.ts';
import { accountLinks } from './public-nav.ts';

const ENTRIES = {
  dashboard: { Icon: LayoutDashboard },
  profile: { Icon: User },
  settings: { Icon: Settings },
} as const;
type Entry = keyof typeof ENTRIES;

/** The avatar menu: the public header offers Dashboard and Profile, the dashboard Profile and Settings. */
export function AccountMenu({ user, entries = ['dashboard', 'profile'] }: { user: CurrentUser; entries?: Entry[] }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const labels: Record<Entry, string> = { dashboard: t('account.dashboard'), profile: t('account.profile'), settings: t('account.settings') };
  const signOut = useSignOut();
  const links = accountLinks(user.role === 'admin');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('account.menu')} className="rounded-full">
          <UserAvatar user={user} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>
          <span className="block truncate font-semibold">{user.name}</span>
          <span className="block truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {entries.map((entry) => {
          const { Icon } = ENTRIES[entry];
          return (
            <DropdownMenuItem key={entry} onSelect={() => void navigate(links[entry])}>
              <Icon aria-hidden="true" /> {labels[entry]}
            </DropdownMenuItem>
          );
        })}
        {entries.includes('dashboard') ? (
          <DropdownMenuItem onSelect={() => void navigate('/library')}>
            <Library aria-hidden="true" /> {t('nav.library')}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden="true" /> {t('account.logOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
