import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { postToParent } from '#web/lib/embed-frame.ts';

/**
 * The embed's pages, framed by /embed.js on a creator's own site (decision 032): no header or footer;
 * the overlay is told the content's height (its frame grows to it, up to the window) and Esc closes it.
 */
export function EmbedLayout() {
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = content.current;
    if (!element) return;
    const observer = new ResizeObserver(() => postToParent({ type: 'height', height: element.getBoundingClientRect().height }));
    observer.observe(element);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) postToParent({ type: 'close' });
    };
    window.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', onKey);
    };
  }, []);
  return (
    <div ref={content}>
      <main id="main" tabIndex={-1} className="pt-4 outline-none">
        <Outlet />
      </main>
    </div>
  );
}
