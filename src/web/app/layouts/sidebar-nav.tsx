import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { Tooltip, TooltipContent, TooltipTrigger } from '#web/components/ui/tooltip.tsx';
import { cn } from '#web/lib/utils.ts';
import type { NavGroupItem, NavItem, NavLinkItem, NavSectionItem } from './dashboard-nav.ts';

const itemClass =
  'group flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[current=page]:bg-primary/15 aria-[current=page]:text-foreground aria-[current=page]:shadow-[inset_3px_0_0_var(--color-primary)]';

function SidebarLink({ item, collapsed, onNavigate, nested = false }: { item: NavLinkItem; collapsed: boolean; onNavigate?: () => void; nested?: boolean }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  const label = t(item.label);
  const link = (
    <NavLink
      to={item.to}
      end={item.end}
      onClick={onNavigate}
      className={cn(itemClass, collapsed && 'justify-center px-0', nested && !collapsed && 'h-9 pl-10')}
    >
      <Icon aria-hidden="true" className="size-[18px] shrink-0 group-aria-[current=page]:text-brand-soft" />
      <span className={cn('truncate', collapsed && 'sr-only')}>{label}</span>
    </NavLink>
  );
  if (!collapsed) return link;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

function SidebarGroup({ item, collapsed, onNavigate }: { item: NavGroupItem; collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const hasActiveChild = item.children.some((child) => pathname === child.to || pathname.startsWith(`${child.to}/`));
  const [open, setOpen] = useState(hasActiveChild);
  const listId = useId();
  const { t } = useTranslation();
  const Icon = item.icon;

  // Collapsed: no room for a submenu, so its links show as icons of their own.
  if (collapsed) {
    return (
      <>
        {item.children.map((child) => (
          <li key={child.to}>
            <SidebarLink item={child} collapsed onNavigate={onNavigate} />
          </li>
        ))}
      </>
    );
  }
  const expanded = open;
  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setOpen(!expanded)}
        className={cn(itemClass, 'cursor-pointer', hasActiveChild && 'text-foreground')}
      >
        <Icon aria-hidden="true" className="size-[18px] shrink-0" />
        <span className="min-w-0 flex-1 truncate text-left">{t(item.label)}</span>
        <ChevronDown aria-hidden="true" className={cn('size-4 shrink-0 transition-transform', expanded && 'rotate-180')} />
      </button>
      <ul id={listId} hidden={!expanded} className="mt-1 grid gap-1">
        {item.children.map((child) => (
          <li key={child.to}>
            <SidebarLink item={child} collapsed={false} nested onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** A link or a submenu, as a list item. */
function SidebarEntry({ item, collapsed, onNavigate }: { item: NavLinkItem | NavGroupItem; collapsed: boolean; onNavigate?: () => void }) {
  if (item.kind === 'group') return <SidebarGroup item={item} collapsed={collapsed} onNavigate={onNavigate} />;
  return (
    <li>
      <SidebarLink item={item} collapsed={collapsed} onNavigate={onNavigate} />
    </li>
  );
}

/** A titled list of links (its title names the list for screen readers; a rule stands for it when collapsed). */
function SidebarSection({ item, collapsed, onNavigate }: { item: NavSectionItem; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <li className={cn('mt-3', collapsed && 'border-t border-border pt-3')}>
      <span id={titleId} className={cn('block px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase', collapsed && 'sr-only')}>
        {t(item.label)}
      </span>
      <ul aria-labelledby={titleId} className="grid gap-1">
        {item.items.map((entry) => (
          <SidebarEntry key={entry.kind === 'link' ? entry.to : entry.label} item={entry} collapsed={collapsed} onNavigate={onNavigate} />
        ))}
      </ul>
    </li>
  );
}

/** The dashboard's navigation list; the active link carries aria-current="page". */
export function SidebarNav({
  items,
  collapsed = false,
  onNavigate,
  label,
}: {
  items: NavItem[];
  collapsed?: boolean;
  onNavigate?: () => void;
  label: string;
}) {
  return (
    <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="grid gap-1">
        {items.map((item) =>
          item.kind === 'section' ? (
            <SidebarSection key={item.label} item={item} collapsed={collapsed} onNavigate={onNavigate} />
          ) : (
            <SidebarEntry key={item.kind === 'link' ? item.to : item.label} item={item} collapsed={collapsed} onNavigate={onNavigate} />
          ),
        )}
      </ul>
    </nav>
  );
}
