import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

/** A toggle chip (aria-pressed) for categories and tags. */
export function Chip({ pressed, className, ...props }: ComponentProps<'button'> & { pressed: boolean }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={cn(
        'inline-flex cursor-pointer items-center gap-1 rounded-full border px-3.5 py-1.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        pressed
          ? 'border-violet-400/70 bg-primary text-primary-foreground'
          : 'border-border bg-muted/60 text-muted-foreground hover:bg-accent hover:text-foreground',
        className,
      )}
      {...props}
    />
  );
}
