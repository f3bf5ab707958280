/** Local-storage flag: set once the visitor has closed the notice (SPEC §3 browser-local entities). */
export const CONSTRUCTION_NOTICE_KEY = 'zerri.constructionNoticeSeen';

export function hasSeenNotice(): boolean {
  try {
    return window.localStorage.getItem(CONSTRUCTION_NOTICE_KEY) === '1';
  } catch {
    return false;
  }
}

// The visitor's last press (pointer or key), watched from the first view on: the notice must not
// open as a modal over a click in progress (a quick "Get Started Free" would land on its overlay).
let lastInputAt = -1;
if (typeof document !== 'undefined') {
  const note = () => {
    lastInputAt = performance.now();
  };
  document.addEventListener('pointerdown', note, { capture: true, passive: true });
  document.addEventListener('keydown', note, { capture: true, passive: true });
}

/** Whether the visitor pressed anything since `time` (a performance.now() value). */
export function pressedSince(time: number): boolean {
  return lastInputAt >= time;
}
