import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/utils.ts';

export interface LinkTile {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** A card of "where to go next" links with icons (a home's shortcuts, the overview's tools, the admin's management). */
export function LinkTilesCard({ title, links, className }: { title: string; links: LinkTile[]; className: string }) {
  return (
    <Card className="p-6">
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      <div className={cn('grid gap-3', className)}>
        {links.map((link) => (
          <Button key={link.to} asChild variant="secondary" className="h-auto min-w-0 justify-start py-3 text-left whitespace-normal">
            <Link to={link.to}>
              <link.icon aria-hidden="true" /> {link.label}
            </Link>
          </Button>
        ))}
      </div>
    </Card>
  );
}
