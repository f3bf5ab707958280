import type { QueryClient } from '@tanstack/react-query';

// The app taking over a page the server wrote (decision 037; the server's side is
// src/server/platform/server-page.ts, the first interaction's is public/takeover.js).

declare global {
  interface Window {
    /** The `data-takeover` names of the buttons clicked before the app took over, in order, or "name@key" for a menu's arrow key (takeover.js). */
    __zerriTakeover?: string[];
    /** Whether a pointer is down (takeover.js): the swap waits for its release, so the press ends in a click. */
    __zerriPressing?: boolean;
  }
}

/** The answers the server embedded for this page (`#server-queries`), by react-query key. */
export function serverPageQueries(): { key: readonly unknown[]; data: unknown }[] {
  const script = document.getElementById('server-queries');
  if (!script?.textContent) return [];
  try {
    const queries: unknown = JSON.parse(script.textContent);
    return Array.isArray(queries) ? (queries as { key: readonly unknown[]; data: unknown }[]) : [];
  } catch {
    return []; // the app asks the API itself
  }
}

interface RouterLike {
  state: { initialized: boolean; navigation: { state: string } };
  subscribe(listener: () => void): () => void;
}

/** Loaders and skeletons the app shows before a page's content: while one is shown, the server's page stays. */
const STILL_LOADING = '.animate-spin, .animate-pulse';

/** A form field's value the way React sees a typed one: the native setter, then an input event. */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** How the focused element is found again in the app: the same name, takeover name, id or link. */
function sameElementSelector(element: Element | null): string | null {
  if (!element || element === document.body) return null;
  for (const attribute of ['name', 'data-takeover', 'id']) {
    const value = element.getAttribute(attribute);
    if (value) return `[${attribute}="${CSS.escape(value)}"]`;
  }
  const href = element.getAttribute('href');
  return href ? `a[href="${CSS.escape(href)}"]` : null;
}

/**
 * Once the app rendered its page beside the server's (the router idle, react-query fetching nothing and
 * no loader shown), it replaces it: what was typed into the server's fields is typed into the app's of
 * the same name, the focus goes to the same element, and the buttons clicked meanwhile are clicked.
 */
export function takeOver({ serverPage, container, router, queryClient }: { serverPage: HTMLElement; container: HTMLElement; router: RouterLike; queryClient: QueryClient }) {
  let done = false;
  const ready = () => {
    // Never from under an open dialog of the server's page (the home page's notice): after it closes.
    if (window.__zerriPressing || serverPage.querySelector('dialog[open]') || !router.state.initialized || router.state.navigation.state !== 'idle' || queryClient.isFetching() > 0) return false;
    const main = container.querySelector('main');
    return Boolean(main?.firstElementChild) && !main!.querySelector(STILL_LOADING);
  };

  const swap = () => {
    if (done) return;
    done = true;
    stopRouter();
    removeEventListener('pointerup', check, true);
    removeEventListener('pointercancel', check, true);
    stopQueries();
    observer.disconnect();
    const typed = [...serverPage.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')].filter(
      (field) => field.value !== field.defaultValue,
    );
    // Choices too: a radio or checkbox turned, an option picked (the home page's billing period, the store's sort).
    const turned = [...serverPage.querySelectorAll<HTMLInputElement>('input[type="radio"][name], input[type="checkbox"][name]')].filter(
      (field) => field.checked !== field.defaultChecked,
    );
    const picked = [...serverPage.querySelectorAll<HTMLSelectElement>('select[name]')].filter((select) =>
      [...select.options].some((option) => option.selected !== option.defaultSelected),
    );
    const focus = sameElementSelector(serverPage.contains(document.activeElement) ? document.activeElement : null);
    // The app was drawn off the document (main.tsx), so nothing of it was found twice meanwhile.
    container.id = 'root';
    serverPage.replaceWith(container);
    for (const field of typed) {
      const twin = container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${CSS.escape(field.name)}"]`);
      if (twin && 'value' in twin) typeInto(twin, field.value);
    }
    for (const field of turned) {
      const twin = container.querySelector<HTMLInputElement>(`input[name="${CSS.escape(field.name)}"][value="${CSS.escape(field.value)}"]`);
      if (twin && twin.checked !== field.checked) twin.click();
    }
    for (const select of picked) {
      const twin = container.querySelector<HTMLSelectElement>(`select[name="${CSS.escape(select.name)}"]`);
      if (!twin || twin.value === select.value) continue;
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(twin, select.value);
      twin.dispatchEvent(new Event('change', { bubbles: true }));
    }
    if (focus) container.querySelector<HTMLElement>(focus)?.focus({ preventScroll: true });
    const held = window.__zerriTakeover ?? [];
    window.__zerriTakeover = [];
    // A frame later: the values typed in above are in the app's state by then (a form's submit reads them).
    requestAnimationFrame(() => {
      for (const entry of held) {
        const [name, key] = entry.split('@');
        const twin = container.querySelector<HTMLElement>(`[data-takeover="${CSS.escape(name!)}"]`);
        if (!twin) continue;
        if (!key) twin.click();
        else {
          twin.focus({ preventScroll: true });
          twin.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        }
      }
    });
  };

  // Checked again two frames later: a lazy part that starts loading right after a render shows its loader by then.
  let pending = false;
  const check = () => {
    if (done || pending || !ready()) return;
    pending = true;
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        pending = false;
        if (ready()) swap();
      }),
    );
  };
  const stopRouter = router.subscribe(check);
  const stopQueries = queryClient.getQueryCache().subscribe(check);
  const observer = new MutationObserver(check);
  observer.observe(container, { childList: true, subtree: true });
  // Registered after takeover.js's own listeners, which clear __zerriPressing first.
  addEventListener('pointerup', check, true);
  addEventListener('pointercancel', check, true);
  // A dialog's close does not bubble: heard on its way down.
  serverPage.addEventListener('close', check, true);
  check();
}
