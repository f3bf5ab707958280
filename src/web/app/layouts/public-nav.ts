/** Header links of the public layout (SPEC §2). */
export const PUBLIC_NAV_LINKS = [
  { label: 'Features', to: '/#features' },
  { label: 'Pricing', to: '/#pricing' },
  { label: 'Marketplace', to: '/store' },
  { label: 'ZerriLink', to: '/zerrilink' },
] as const;

/** Where a signed-in user's Dashboard and Profile menu items go. */
export function accountLinks(isAdmin: boolean) {
  return {
    dashboard: isAdmin ? '/admin' : '/dashboard',
    profile: isAdmin ? '/admin/profile' : '/dashboard/profile',
    settings: isAdmin ? '/admin/settings' : '/dashboard/settings',
  };
}
