/**
 * Marks a `common` key: labels here are keys, translated where they are shown (`t(link.label)`), and
 * this marker lets the key test check them. A plain English label still shows as itself.
 */
const t = (key: string) => key;

/** Header links of the public layout (SPEC §2). */
export const PUBLIC_NAV_LINKS = [
  { label: t('nav.features'), to: '/#features' },
  { label: t('nav.pricing'), to: '/#pricing' },
  { label: t('nav.marketplace'), to: '/store' },
  { label: t('nav.zerriLink'), to: '/zerrilink' },
] as const;

/** Where a signed-in user's Dashboard and Profile menu items go. */
export function accountLinks(isAdmin: boolean) {
  return {
    dashboard: isAdmin ? '/admin' : '/dashboard',
    profile: isAdmin ? '/admin/profile' : '/dashboard/profile',
    settings: isAdmin ? '/admin/settings' : '/dashboard/settings',
  };
}
