import { useLocation } from 'react-router';

/** The dashboard these pages are mounted under, for links to its other pages (/zerrilink-dashboard has none: /dashboard). */
export function useDashboardBase(): '/dashboard' | '/creator-dashboard' | '/admin' {
  const { pathname } = useLocation();
  if (pathname.startsWith('/admin')) return '/admin';
  return pathname.startsWith('/creator-dashboard') ? '/creator-dashboard' : '/dashboard';
}
