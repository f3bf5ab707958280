import { useSyncExternalStore } from 'react';
import { THEMES, type Preferences } from '#shared/profiles.ts';

export type Theme = Preferences['theme'];

/** The key public/theme.js reads before the first paint; keep the two in step. */
export const THEME_STORAGE_KEY = 'zerri.theme';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The theme on <html>: dark (the default) or light. */
export function currentTheme(): Theme {
  return globalThis.document?.documentElement.classList.contains('light') ? 'light' : 'dark';
}

/** Switches the theme at once and remembers it on this device (a signed-in user's is also kept in settings). */
export function applyTheme(theme: Theme): void {
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage unavailable: the theme lasts for this page only
  }
  const root = globalThis.document?.documentElement;
  if (!root) return;
  root.classList.toggle('light', theme === 'light');
  root.classList.toggle('dark', theme === 'dark');
}

function onThemeChange(notify: () => void) {
  const observer = new MutationObserver(notify);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** The current theme, re-rendering when it switches (for parts styled outside the CSS tokens, like toasts). */
export function useTheme(): Theme {
  return useSyncExternalStore(onThemeChange, currentTheme, () => 'dark');
}
