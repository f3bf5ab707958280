import type { CurrentUser } from '#shared/auth.ts';
import { avatarInitial } from '#shared/profiles.ts';
import { Avatar, AvatarFallback, AvatarImage } from './ui/avatar.tsx';

/** The user's picture, with the initial of the name (or e-mail) while it loads or when it fails. */
export function UserAvatar({ user, className }: { user: Pick<CurrentUser, 'name' | 'email' | 'avatarUrl'>; className?: string }) {
  return (
    <Avatar className={className}>
      {user.avatarUrl ? <AvatarImage src={user.avatarUrl} alt="" /> : null}
      <AvatarFallback>{avatarInitial(user.name, user.email)}</AvatarFallback>
    </Avatar>
  );
}
