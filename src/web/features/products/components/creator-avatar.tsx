import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar.tsx';
import { cn } from '#web/lib/utils.ts';

export function CreatorAvatar({ name, src, className }: { name: string; src: string | null | undefined; className?: string }) {
  return (
    <Avatar className={cn('size-12', className)}>
      {src ? <AvatarImage src={src} alt="" /> : null}
      <AvatarFallback>{(name.trim()[0] ?? '?').toUpperCase()}</AvatarFallback>
    </Avatar>
  );
}
