import { LayoutDashboard, LogOut, User } from 'lucide-react';
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

export function AccountMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const links = accountLinks(user.role === 'admin');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Account menu" className="rounded-full">
          <UserAvatar user={user} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>
          <span className="block truncate font-semibold">{user.name}</span>
          <span className="block truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(links.dashboard)}>
          <LayoutDashboard aria-hidden="true" /> Dashboard
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(links.profile)}>
          <User aria-hidden="true" /> Profile
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden="true" /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
