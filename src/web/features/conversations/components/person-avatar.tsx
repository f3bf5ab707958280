import type { ConversationPerson } from '#shared/conversations-api.ts';
import { avatarInitial } from '#shared/profiles.ts';
import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar.tsx';

/** A member's picture, with their initial while it loads or when it fails. */
export function PersonAvatar({ person, className }: { person: ConversationPerson; className?: string }) {
  return (
    <Avatar className={className}>
      <AvatarImage src={person.avatarUrl} alt="" />
      <AvatarFallback>{avatarInitial(person.name, '')}</AvatarFallback>
    </Avatar>
  );
}
