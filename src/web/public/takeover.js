// A page the server wrote (decision 037) loads the app only when the visitor first does something: a
// pointer, a touch, a key or a focus adds the app's module scripts (named in this tag's data-app), and
// src/web/main.tsx then replaces the server's markup with the app. A click on a button that needs the
// app (data-takeover="name") is held here and replayed by the app on its own element of that name.
// A file rather than an inline script: the Content-Security-Policy allows scripts from 'self' only.
(() => {
  const script = document.currentScript;
  const root = document.getElementById('root');
  if (!script || !root || !root.hasAttribute('data-server-page')) return;
  const queue = (window.__zerriTakeover = window.__zerriTakeover || []);
  const events = ['pointerdown', 'keydown', 'touchstart', 'focusin'];
  let started = false;
  const start = (event) => {
    // A dialog of the page takes the focus as it opens (the home page's notice, construction-notice.js):
    // not the visitor's doing. A visitor moving the focus there presses a key or a pointer first.
    if (started || (event?.type === 'focusin' && event.target instanceof Element && event.target.closest('dialog'))) return;
    started = true;
    for (const name of events) removeEventListener(name, start, true);
    for (const src of (script.dataset.app || '').split(' ').filter(Boolean)) {
      const module = document.createElement('script');
      module.type = 'module';
      module.crossOrigin = '';
      module.async = false; // in index.html's order
      module.src = src;
      document.head.append(module);
    }
  };
  for (const name of events) addEventListener(name, start, { capture: true, passive: true });
  // Presses, for the home page's notice (construction-notice.js) and for the swap, which waits while a
  // pointer is down: the element pressed must still be there when it is released, or no click follows.
  const pressed = () => (window.__zerriPressedAt = performance.now());
  addEventListener('keydown', pressed, { capture: true, passive: true });
  addEventListener('pointerdown', () => ((window.__zerriPressing = true), pressed()), { capture: true, passive: true });
  for (const name of ['pointerup', 'pointercancel']) addEventListener(name, () => (window.__zerriPressing = false), { capture: true, passive: true });
  if (script.hasAttribute('data-eager')) start();
  // A language chosen on this device that the server did not see (no cookie yet): the app, in that language, at once.
  try {
    const chosen = localStorage.getItem('zerri.language');
    if (chosen && chosen !== document.documentElement.lang) start();
  } catch {
    // storage unavailable: the server's language stays
  }
  // A version picked or an amount named for this product, kept on this device (orders' price-choices.ts):
  // the app shows it, so it comes at once rather than change the picker under the visitor's eyes.
  try {
    const product = root.querySelector('[data-price-choices]')?.getAttribute('data-price-choices');
    const kept = (key) => Object.prototype.hasOwnProperty.call(JSON.parse(localStorage.getItem(key) || '{}') || {}, product);
    if (product && (kept('zerri.cart.prices') || kept('zerri.cart.versions'))) start();
  } catch {
    // storage unavailable or unreadable: the server's first choice stays
  }
  // Held until the app has taken over: it clicks its own element of the same name (main.tsx).
  root.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('[data-takeover]') : null;
      if (!button || !root.hasAttribute('data-server-page')) return;
      event.preventDefault();
      const name = button.getAttribute('data-takeover');
      if (!queue.includes(name)) queue.push(name);
      button.setAttribute('aria-busy', 'true');
      start();
    },
    true,
  );
  // An arrow key on a menu's button (the language menu opens with it) is held the same way, as "name@key".
  root.addEventListener(
    'keydown',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('[data-takeover][aria-haspopup]') : null;
      if (!button || !root.hasAttribute('data-server-page') || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
      event.preventDefault();
      const held = `${button.getAttribute('data-takeover')}@${event.key}`;
      if (!queue.includes(held)) queue.push(held);
      start();
    },
    true,
  );
  // A form sent before the app is there (Enter in its field) is sent by the app, through its button.
  root.addEventListener(
    'submit',
    (event) => {
      if (!root.hasAttribute('data-server-page') || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      const name = event.target.querySelector('[data-takeover]')?.getAttribute('data-takeover');
      if (name && !queue.includes(name)) queue.push(name);
      start();
    },
    true,
  );
  // A guest's cart lives in the browser (orders/utils/guest-cart.ts): the header's cart link says its count, as the app's does.
  try {
    const saved = JSON.parse(localStorage.getItem('zerri.cart') || 'null');
    const count = Array.isArray(saved && saved.productIds) ? saved.productIds.filter((id) => typeof id === 'string').length : 0;
    const link = root.querySelector('[data-cart-link]');
    if (count > 0 && link) {
      link.setAttribute('aria-label', (link.getAttribute('data-label') || '').replace(/\{\{\s*count\s*\}\}/, String(count)));
      const badge = document.createElement('span');
      badge.setAttribute('aria-hidden', 'true');
      badge.className =
        'absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[0.7rem] leading-5 font-semibold text-primary-foreground tabular-nums';
      badge.textContent = String(count);
      link.append(badge);
    }
  } catch {
    // storage unavailable or unreadable: the link stays as the server wrote it
  }
  // The header gains its background after 10 px of scrolling, as the app's does (site-header.tsx).
  const header = root.querySelector('[data-server-header]');
  if (header) {
    const onScroll = () => header.setAttribute('data-scrolled', String(scrollY > 10));
    addEventListener('scroll', onScroll, { passive: true });
  }
})();
