import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';

/** What a pager says, in its feature's words. */
export interface PaginationTexts {
  /** The navigation's accessible name; without it the pager is a plain group inside the caller's own <nav>. */
  label?: string;
  previous: string;
  next: string;
  /** "Page 2 of 5". */
  status: (page: number, pages: number) => ReactNode;
}

type PageCount = { pages: number } | { total: number; pageSize: number };

/** Previous / "Page 2 of 5" / Next; nothing when everything fits on one page. */
export function Pagination({
  page,
  onPage,
  texts,
  disabled = false,
  className,
  ...count
}: PageCount & {
  page: number;
  onPage: (page: number) => void;
  texts: PaginationTexts;
  /** Both buttons off, e.g. while the next page loads. */
  disabled?: boolean;
  className?: string;
}) {
  const pages = 'pages' in count ? count.pages : Math.max(1, Math.ceil(count.total / count.pageSize));
  if (pages <= 1) return null;
  const content = (
    <>
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={disabled || page <= 1}>
        <ChevronLeft aria-hidden="true" /> {texts.previous}
      </Button>
      <span className="text-sm tabular-nums" aria-live="polite">
        {texts.status(page, pages)}
      </span>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={disabled || page >= pages}>
        {texts.next} <ChevronRight aria-hidden="true" />
      </Button>
    </>
  );
  const classes = cn('flex items-center gap-3', className);
  return texts.label ? (
    <nav aria-label={texts.label} className={classes}>
      {content}
    </nav>
  ) : (
    <div className={classes}>{content}</div>
  );
}
