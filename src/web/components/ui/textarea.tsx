import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

/** A textarea styled like the shared Input. */
export const textareaClass =
  'w-full min-h-24 resize-y rounded-lg border border-input bg-muted/60 px-3 py-2 text-sm text-foreground shadow-xs transition-colors placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-400';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea data-slot="textarea" className={cn(textareaClass, className)} {...props} />;
}
