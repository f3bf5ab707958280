import { useLocation } from 'react-router';

/** The dashboard these pages are mounted under (/dashboard or /creator-dashboard), for links between them. */
export function useDashboardBase(): string {
  const { pathname } = useLocation();
  return pathname.startsWith('/creator-dashboard') ? '/creator-dashboard' : '/dashboard';
}
