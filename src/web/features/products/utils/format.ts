import type { Category } from '#shared/products.ts';

/** The category's fallback cover in /covers (a product without its own image). */
export const fallbackCover = (category: Category | string) => `/covers/${category.toLowerCase()}.svg`;

/** 1536 → "1.5 KB", as file sizes are usually shown. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

export const formatCount = (value: number) => value.toLocaleString('en-US');
