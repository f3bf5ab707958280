import { homePathForRole, type Role } from '#shared/auth.ts';

/**
 * Where a sign-in lands: the page that sent the visitor to /auth (`from` in its navigation state,
 * e.g. an invitation or a dashboard page), when it is a path of this site, else the role's home.
 */
export function landingPath(from: unknown, role: Role | undefined): string {
  const local = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') && !from.startsWith('/auth');
  return local ? from : homePathForRole(role);
}
