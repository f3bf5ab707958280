import { Star } from 'lucide-react';
import { cn } from '#web/lib/utils.ts';

/** Five stars filled to `value` (0–5, halves shown); decorative: the caller says the rating in words. */
export function StarRating({ value, className }: { value: number; className?: string }) {
  return (
    <span aria-hidden="true" className={cn('inline-flex items-center gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((position) => {
        const fill = Math.max(0, Math.min(1, value - position + 1));
        return (
          <span key={position} className="relative inline-block size-4">
            <Star className="absolute inset-0 size-4 text-muted-foreground/50" />
            {fill > 0 ? (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill >= 0.75 ? 100 : fill >= 0.25 ? 50 : 0}%` }}>
                <Star className="size-4 fill-amber-400 text-amber-400" />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
