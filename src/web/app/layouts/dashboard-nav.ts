import {
  ArrowLeftRight,
  Ban,
  Briefcase,
  CreditCard,
  LayoutDashboard,
  Link2,
  Package,
  Palette,
  Settings,
  Sparkles,
  Store,
  Upload,
  User,
  Users,
  Wallet,
  Wand2,
  type LucideIcon,
} from 'lucide-react';

export interface NavLinkItem {
  kind: 'link';
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

export type NavItem = NavLinkItem | NavGroupItem;

const link = (label: string, to: string, icon: LucideIcon, end = false): NavLinkItem => ({ kind: 'link', label, to, icon, end });

/** Creator sidebar (SPEC §2 Dashboard layout). */
export const CREATOR_NAV: NavItem[] = [
  link('Overview', '/dashboard', LayoutDashboard, true),
  link('Profile', '/dashboard/profile', User),
  {
    kind: 'group',
    label: 'Creator Tools Suite',
    icon: Sparkles,
    children: [
      link('Design Platform', '/dashboard/creator-tools/platform', Palette),
      link('AI Content Studio', '/dashboard/creator-tools/ai-builder', Wand2),
    ],
  },
  link('My Products', '/dashboard/products', Package, true),
  link('Upload Product', '/dashboard/products/upload', Upload),
  link('Client Payments', '/dashboard/payments', CreditCard),
  link('Payouts', '/dashboard/payouts', Wallet),
  link('Marketplace', '/store', Store),
  link('ZerriJobs', '/dashboard/zerrijobs', Briefcase),
  link('My Links', '/zerrilink-dashboard', Link2),
  link('Settings', '/dashboard/settings', Settings),
];

/** Admin sidebar (SPEC §2 Dashboard layout). */
export const ADMIN_NAV: NavItem[] = [
  link('Overview', '/admin', LayoutDashboard, true),
  link('Profile', '/admin/profile', User),
  link('Manage Creators', '/admin/users', Users),
  link('Products', '/admin/products', Package),
  link('Transactions', '/admin/transactions', ArrowLeftRight),
  link('Blocked Domains', '/admin/blocked-domains', Ban),
  link('Settings', '/admin/settings', Settings),
];
