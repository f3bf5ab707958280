/** Local-storage flag: set once the visitor has closed the notice (SPEC §3 browser-local entities). */
export const CONSTRUCTION_NOTICE_KEY = 'zerri.constructionNoticeSeen';

export function hasSeenNotice(): boolean {
  try {
    return window.localStorage.getItem(CONSTRUCTION_NOTICE_KEY) === '1';
  } catch {
    return false;
  }
}
