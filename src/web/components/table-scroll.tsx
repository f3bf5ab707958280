import type { ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';

/**
 * The box a wide table scrolls sideways in on a phone, so the page never does. A named, focusable
 * region, so a keyboard can scroll it (axe: scrollable-region-focusable); relative, so the sr-only
 * texts inside (absolutely placed) stay in the box instead of widening the page. Its width comes
 * from its container, never from the table (inline-size containment), so no grid or flex parent
 * grows to the table's minimum width.
 */
export function TableScroll({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={cn('relative overflow-x-auto [contain:inline-size] focus-visible:outline-2 focus-visible:outline-ring', className)}>
      {children}
    </div>
  );
}
