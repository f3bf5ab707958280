// The home page's first-visit notice as the server wrote it (decision 037; the app's own is
// features/site/components/construction-notice.tsx): opened 400 ms after the page has loaded, unless
// it was closed on an earlier visit or the visitor has already pressed something (takeover.js notes
// presses: a modal must not open over a click in progress). Closed by Okay, the X, Escape or a press on
// the backdrop, and then remembered on this device. A file: the CSP allows scripts from 'self' only.
(() => {
  const KEY = 'zerri.constructionNoticeSeen';
  const dialog = document.querySelector('dialog[data-construction-notice]');
  if (!dialog) return;
  // What it decided, for tests and the curious: seen (closed on an earlier visit), pressed or shown.
  const decided = (outcome) => (dialog.dataset.notice = outcome);
  try {
    if (localStorage.getItem(KEY) === '1') return decided('seen');
  } catch {
    // storage unavailable: shown, and perhaps again next time
  }
  const remember = () => {
    try {
      localStorage.setItem(KEY, '1');
    } catch {
      // storage unavailable
    }
  };
  const open = () =>
    setTimeout(() => {
      if (window.__zerriPressedAt !== undefined) return decided('pressed');
      if (dialog.isConnected && !dialog.open) dialog.showModal();
      decided('shown');
    }, 400);
  if (document.readyState === 'complete') open();
  else addEventListener('load', open, { once: true });
  dialog.addEventListener('cancel', remember);
  dialog.addEventListener('click', (event) => {
    const target = event.target;
    if (target === dialog || (target instanceof Element && target.closest('[data-notice-close]'))) {
      remember();
      dialog.close();
    }
  });
})();
