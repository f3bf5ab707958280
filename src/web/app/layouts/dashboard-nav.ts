import {
  ArrowLeftRight,
  ChartNoAxesCombined,
  Contact,
  Receipt,
  SlidersHorizontal,
  Ban,
  Briefcase,
  BriefcaseBusiness,
  CreditCard,
  Flag,
  Handshake,
  LayoutDashboard,
  Megaphone,
  KeyRound,
  KeySquare,
  Library,
  Link2,
  ListChecks,
  Package,
  MessagesSquare,
  PanelsTopLeft,
  Repeat,
  Palette,
  ScrollText,
  Settings,
  Sparkles,
  TicketPercent,
  Store,
  Upload,
  User,
  Users,
  UsersRound,
  Wallet,
  Wand2,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import { dashboardKind, showsLibrary, type CurrentUser } from '#shared/auth.ts';

export interface NavLinkItem {
  kind: 'link';
  /** A `common` key such as 'nav.overview' (a plain label also works, untranslated). */
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on this exact path (index routes). */
  end?: boolean;
}

export interface NavGroupItem {
  kind: 'group';
  label: string;
  icon: LucideIcon;
  children: NavLinkItem[];
}

/** A titled part of the sidebar (Sell, Audience, …): its links always shown under its title. */
export interface NavSectionItem {
  kind: 'section';
  label: string;
  items: (NavLinkItem | NavGroupItem)[];
}

export type NavItem = NavLinkItem | NavGroupItem | NavSectionItem;

/**
 * Marks a `common` key: labels are keys, translated where they are shown (`t(item.label)`), and this
 * marker lets the key test check them. A plain English label (not a key) still shows as itself.
 */
const t = (key: string) => key;

const link = (label: string, to: string, icon: LucideIcon, end = false): NavLinkItem => ({ kind: 'link', label, to, icon, end });

const PROFILE = link(t('nav.profile'), '/dashboard/profile', User);
const MARKETPLACE = link(t('nav.marketplace'), '/store', Store);
const HOME = link(t('nav.home'), '/dashboard', LayoutDashboard, true);
/** The end of the buyer's and the company's sidebars: links, API keys, webhooks and settings are everyone's (the creator's are in its sections). */
const ACCOUNT_TOOLS: NavItem[] = [
  link(t('nav.myLinks'), '/zerrilink-dashboard', Link2),
  link(t('api-keys:nav'), '/dashboard/api-keys', KeyRound),
  link(t('webhooks:nav'), '/dashboard/webhooks', Webhook),
  link(t('nav.settings'), '/dashboard/settings', Settings),
];

/** The AI assistant is every signed-in user's (SPEC §6), on their plan's monthly allowance (decision 025). */
const AI_STUDIO = link(t('nav.aiStudio'), '/dashboard/creator-tools/ai-builder', Wand2);

/** Any user may promote others' products (decision 028). */
const AFFILIATES = link(t('affiliates:nav'), '/dashboard/affiliates', Handshake);

const section = (label: string, items: (NavLinkItem | NavGroupItem)[]): NavSectionItem => ({ kind: 'section', label, items });

/**
 * Creator sidebar (SPEC §2 Dashboard layout, grouped by issue #46): the tools by what they are for, and
 * the advanced ones (license keys, API keys, webhooks, team) folded under Settings until opened or used.
 */
export const CREATOR_NAV: NavItem[] = [
  link(t('nav.overview'), '/dashboard', LayoutDashboard, true),
  link(t('nav.analytics'), '/dashboard/analytics', ChartNoAxesCombined),
  section(t('nav.sections.sell'), [
    link(t('nav.myProducts'), '/dashboard/products', Package, true),
    link(t('nav.uploadProduct'), '/dashboard/products/upload', Upload),
    link(t('nav.sales'), '/dashboard/sales', Receipt),
    link(t('discounts:nav'), '/dashboard/discounts', TicketPercent),
    link(t('memberships:nav'), '/dashboard/members', Repeat),
    link(t('creator-page:nav'), '/dashboard/creator-page', PanelsTopLeft),
  ]),
  section(t('nav.sections.audience'), [
    link(t('nav.customers'), '/dashboard/customers', Contact),
    link(t('audience:nav'), '/dashboard/audience', Megaphone),
    AFFILIATES,
  ]),
  section(t('nav.sections.links'), [link(t('nav.myLinks'), '/zerrilink-dashboard', Link2)]),
  section(t('nav.sections.money'), [link(t('nav.clientPayments'), '/dashboard/payments', CreditCard), link(t('nav.payouts'), '/dashboard/payouts', Wallet)]),
  section(t('nav.sections.tools'), [
    {
      kind: 'group',
      label: t('nav.creatorTools'),
      icon: Sparkles,
      children: [link(t('nav.designPlatform'), '/dashboard/creator-tools/platform', Palette), AI_STUDIO],
    },
    MARKETPLACE,
    link(t('nav.zerriJobs'), '/dashboard/zerrijobs', Briefcase),
  ]),
  section(t('nav.sections.settings'), [
    PROFILE,
    link(t('nav.settings'), '/dashboard/settings', Settings),
    {
      kind: 'group',
      label: t('nav.advanced'),
      icon: SlidersHorizontal,
      children: [
        link(t('licenses:nav'), '/dashboard/licenses', KeySquare),
        link(t('api-keys:nav'), '/dashboard/api-keys', KeyRound),
        link(t('webhooks:nav'), '/dashboard/webhooks', Webhook),
        link(t('teams:nav'), '/dashboard/team', UsersRound),
      ],
    },
  ]),
];

/**
 * A team member's sidebar while working on an owner's store (decision 023): the pages of the team
 * routes only (products, invoices, links); the switcher in the header goes back to their own account.
 */
export const STORE_NAV: NavItem[] = [
  link(t('nav.myProducts'), '/dashboard/products', Package, true),
  link(t('nav.uploadProduct'), '/dashboard/products/upload', Upload),
  link(t('nav.clientPayments'), '/dashboard/payments', CreditCard),
  link(t('nav.myLinks'), '/zerrilink-dashboard', Link2),
];

const LIBRARY = link(t('nav.library'), '/library', Library);

/** A buyer's sidebar (role user, #20.2): purchases, following and community; no selling tools. */
export const BUYER_NAV: NavItem[] = [HOME, PROFILE, MARKETPLACE, link(t('nav.community'), '/dashboard/zerrijobs?tab=community', MessagesSquare), AI_STUDIO, AFFILIATES, ...ACCOUNT_TOOLS];

/** A company's sidebar (#20.2): its jobs and applicants; no selling tools. */
export const COMPANY_NAV: NavItem[] = [
  HOME,
  PROFILE,
  link(t('nav.myJobs'), '/dashboard/zerrijobs/my-jobs', BriefcaseBusiness),
  link(t('nav.zerriJobs'), '/dashboard/zerrijobs', Briefcase, true),
  MARKETPLACE,
  AI_STUDIO,
  ...ACCOUNT_TOOLS,
];

const ROLE_NAV = { creator: CREATOR_NAV, buyer: BUYER_NAV, company: COMPANY_NAV } as const;

/** The sidebar of the signed-in user's dashboard: their role's, with Library after Marketplace once they have bought something. */
export function dashboardNav(user: Pick<CurrentUser, 'role' | 'hasPurchases'>): NavItem[] {
  const kind = dashboardKind(user.role);
  if (kind === 'admin') return ADMIN_NAV;
  const items = ROLE_NAV[kind];
  return showsLibrary(user) ? withLibrary(items) : items;
}

/** The items with Library right after Marketplace, inside its section if it has one. */
function withLibrary<T extends NavItem>(items: T[]): T[] {
  const at = items.findIndex((item) => item.kind === 'link' && item.to === '/store') + 1;
  if (at > 0) return [...items.slice(0, at), LIBRARY as T, ...items.slice(at)];
  return items.map((item) => (item.kind === 'section' && item.items.some((inner) => inner.kind === 'link' && inner.to === '/store') ? { ...item, items: withLibrary(item.items) } : item));
}

/** Admin sidebar (SPEC §2 Dashboard layout). */
export const ADMIN_NAV: NavItem[] = [
  link(t('nav.overview'), '/admin', LayoutDashboard, true),
  link(t('nav.profile'), '/admin/profile', User),
  link(t('nav.manageCreators'), '/admin/users', Users),
  link(t('nav.products'), '/admin/products', Package),
  link(t('nav.transactions'), '/admin/transactions', ArrowLeftRight),
  link(t('admin:nav.links'), '/admin/links', Link2),
  link(t('nav.blockedDomains'), '/admin/blocked-domains', Ban),
  link(t('conversations:adminNav'), '/admin/conversations', Flag),
  link(t('admin:nav.auditLog'), '/admin/audit', ScrollText),
  link(t('admin:nav.tasks'), '/admin/tasks', ListChecks),
  link(t('webhooks:nav'), '/admin/webhooks', Webhook),
  link(t('nav.aiStudio'), '/admin/ai-builder', Wand2),
  link(t('nav.settings'), '/admin/settings', Settings),
];
