import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady, loadNamespaces } from '#web/lib/i18n.ts';
import { relativeTime } from './relative-time.ts';

const NOW = Date.parse('2026-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('relativeTime', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadNamespaces(['community']); // as the routes that show these do
    await i18n.changeLanguage('en');
  });

  it('says "just now" under 45 seconds, either way', () => {
    expect(relativeTime(ago(0), NOW)).toBe('just now');
    expect(relativeTime(ago(44), NOW)).toBe('just now');
    expect(relativeTime(ago(-30), NOW)).toBe('just now');
  });

  it('picks the largest unit that fits', () => {
    expect(relativeTime(ago(50), NOW)).toBe('50 seconds ago');
    expect(relativeTime(ago(2 * 60), NOW)).toBe('2 minutes ago');
    expect(relativeTime(ago(3 * 3600), NOW)).toBe('3 hours ago');
    expect(relativeTime(ago(24 * 3600), NOW)).toBe('yesterday');
    expect(relativeTime(ago(3 * 86400), NOW)).toBe('3 days ago');
    expect(relativeTime(ago(14 * 86400), NOW)).toBe('2 weeks ago');
    expect(relativeTime(ago(60 * 86400), NOW)).toBe('2 months ago');
    expect(relativeTime(ago(800 * 86400), NOW)).toBe('2 years ago');
  });

  it('speaks the interface language', async () => {
    await i18n.changeLanguage('fr');
    try {
      expect(relativeTime(ago(2 * 60), NOW)).toBe('il y a 2 minutes');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
