import { cn } from '#web/lib/utils.ts';

/**
 * A long value (an e-mail address) on one line in a table cell: cut with an ellipsis past its width,
 * whole in the tooltip and for screen readers, never broken mid-word over three lines.
 */
export function TruncatedText({ text, className }: { text: string; className?: string }) {
  return (
    <span title={text} className={cn('block max-w-[16rem] truncate', className)}>
      {text}
    </span>
  );
}
