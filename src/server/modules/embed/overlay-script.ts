// The script a creator's page loads from /embed.js: it turns clicks on our `?embed=1` product links
// into an overlay framing the Buy now screen (decision 032). It runs on pages we do not control, so it
// is one self-contained function, sent as its own source text: no imports, no globals of ours, and
// nothing but the configuration below read from outside it.

export interface OverlayConfig {
  /** The query a link carries (`embed`), and the address of the frame's page for a product path's id. */
  query: string;
  pagesPrefix: string;
  /** The query naming this page's origin, to which alone the frame posts its messages. */
  parentQuery: string;
  /** The `source` of the frame's messages. */
  messageSource: string;
  /** The close button's name, by the page's language. */
  closeLabels: Record<string, string>;
}

export function overlay(config: OverlayConfig) {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement) || !script.src) return;
  const origin = new URL(script.src).origin;
  const marker = 'data-zerri-embed';
  // The snippet pasted twice still opens one overlay.
  if (document.documentElement.hasAttribute(marker)) return;
  document.documentElement.setAttribute(marker, '');
  const language = (document.documentElement.lang || navigator.language || 'en').slice(0, 2).toLowerCase();
  const closeLabel = config.closeLabels[language] ?? config.closeLabels.en ?? 'Close';
  const phone = window.matchMedia('(max-width: 639px)');
  let close: (() => void) | undefined;

  const frameAddress = (url: URL) => {
    const id = /^\/store\/product\/([^/]+)\/?$/.exec(url.pathname)?.[1];
    if (!id) return undefined;
    const address = new URL(`${config.pagesPrefix}product/${id}`, origin);
    if (location.origin.startsWith('http')) address.searchParams.set(config.parentQuery, location.origin);
    return address.href;
  };

  const open = (address: string, link: HTMLAnchorElement) => {
    const name = (link.textContent ?? '').trim() || closeLabel;
    const layer = document.createElement('div');
    layer.setAttribute('role', 'dialog');
    layer.setAttribute('aria-modal', 'true');
    layer.setAttribute('aria-label', name);
    layer.style.cssText = 'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.6);';
    const box = document.createElement('div');
    const frame = document.createElement('iframe');
    frame.src = address;
    frame.title = name;
    frame.allow = 'clipboard-write';
    const button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('aria-label', closeLabel);
    button.textContent = '\u00d7';
    button.style.cssText =
      'position:absolute;top:10px;right:10px;width:36px;height:36px;display:flex;align-items:center;justify-content:center;margin:0;padding:0;border:1px solid rgba(0,0,0,.2);border-radius:50%;background:#fff;color:#111;font:24px/1 system-ui,sans-serif;cursor:pointer;';
    let height = 640;
    const size = () => {
      box.style.cssText = phone.matches
        ? 'position:relative;width:100%;height:100%;'
        : `position:relative;width:min(560px,calc(100vw - 32px));height:min(${height}px,calc(100vh - 32px));`;
      frame.style.cssText = `display:block;width:100%;height:100%;border:0;background:transparent;${phone.matches ? '' : 'border-radius:12px;box-shadow:0 20px 50px rgba(0,0,0,.4);'}`;
    };
    size();
    box.append(frame, button);
    layer.append(box);
    // The page behind cannot be reached while the overlay is open (keyboard and screen readers alike).
    const madeInert = Array.from(document.body.children).filter((element) => element instanceof HTMLElement && !element.inert) as HTMLElement[];
    for (const element of madeInert) element.inert = true;
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    document.body.append(layer);

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close?.();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      const data = event.data as { source?: unknown; type?: unknown; height?: unknown } | null;
      if (!data || data.source !== config.messageSource) return;
      if (data.type === 'close') close?.();
      else if (data.type === 'height' && typeof data.height === 'number' && data.height > 0) {
        height = Math.ceil(data.height);
        size();
      }
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('message', onMessage);
    phone.addEventListener('change', size);
    layer.addEventListener('click', (event) => {
      if (event.target === layer) close?.();
    });
    button.addEventListener('click', () => close?.());
    frame.addEventListener('load', () => frame.focus());
    frame.focus();

    close = () => {
      close = undefined;
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('message', onMessage);
      phone.removeEventListener('change', size);
      layer.remove();
      for (const element of madeInert) element.inert = false;
      document.documentElement.style.overflow = overflow;
      link.focus();
    };
  };

  document.addEventListener('click', (event) => {
    if (close || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== origin || url.searchParams.get(config.query) !== '1') return;
    const address = frameAddress(url);
    if (!address) return;
    event.preventDefault();
    open(address, link);
  });
}

/** The script's text: the function above called with its configuration. */
export const overlayScript = (config: OverlayConfig) => `(${overlay.toString()})(${JSON.stringify(config)});\n`;
