import { useEffect } from 'react';
import { usePageTitle } from './page-title.ts';

function descriptionTag(): HTMLMetaElement | null {
  return typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="description"]');
}

/** The description index.html ships with; pages that set none fall back to it. */
const DEFAULT_DESCRIPTION = descriptionTag()?.content ?? '';

/** Sets `<meta name="description">` while the page is shown and restores the default afterwards. */
export function usePageDescription(description: string | undefined): void {
  useEffect(() => {
    const tag = descriptionTag();
    if (!tag || !description) return;
    tag.content = description;
    return () => {
      tag.content = DEFAULT_DESCRIPTION;
    };
  }, [description]);
}

/** The document title ("{title} · {brand}", or the brand alone) and the meta description of a page. */
export function usePageMeta({ title, description }: { title?: string; description?: string }): void {
  usePageTitle(title);
  usePageDescription(description);
}
