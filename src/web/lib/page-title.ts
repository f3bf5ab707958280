import { useEffect } from 'react';
import { useBrand } from './site.ts';

/** Sets the document title to "{title} · {brand}" (or just the brand). */
export function usePageTitle(title?: string): void {
  const brand = useBrand();
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);
}
