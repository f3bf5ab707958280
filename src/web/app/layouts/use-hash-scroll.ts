import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * After each navigation: scroll smoothly to the element named by the hash (so "/#pricing"
 * clicked on another page lands on / and then glides to the section), else to the top.
 */
export function useHashScroll(): void {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let frame = 0;
    let tries = 0;
    const scroll = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ behavior: 'smooth', block: 'start' });
        return;
      }
      // The section may render a moment later (lazy content); try for about half a second.
      if (tries++ < 30) frame = requestAnimationFrame(scroll);
    };
    frame = requestAnimationFrame(scroll);
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, key]);
}
