import { useLocation } from 'react-router';

/** The creator dashboard these pages are mounted under (/dashboard or /creator-dashboard), for links between them. */
export function useDashboardBase(): '/dashboard' | '/creator-dashboard' {
  return useLocation().pathname.startsWith('/creator-dashboard') ? '/creator-dashboard' : '/dashboard';
}
