import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDate, formatDateTime, formatDay, formatMoney, formatPercent } from './format.ts';
import { i18n, i18nReady } from './i18n.ts';

// French and Spanish group digits with (narrow) no-break spaces and dots: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function inLanguage(language: string, check: () => void) {
  await i18n.changeLanguage(language);
  check();
}

describe('format (in the interface language)', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.loadLanguages(['es', 'fr']);
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('writes cents as US dollars with two decimals', async () => {
    await inLanguage('en', () => {
      expect(formatMoney(123450)).toBe('$1,234.50');
      expect(formatMoney(5)).toBe('$0.05');
      expect(formatMoney(2000)).toBe('$20.00');
    });
    await inLanguage('es', () => expect(plain(formatMoney(123450))).toBe('1234,50 US$'));
    await inLanguage('fr', () => expect(plain(formatMoney(123450))).toBe('1 234,50 $US'));
  });

  it('writes minor units of the given currency (yen have no decimals)', async () => {
    await inLanguage('en', () => {
      expect(formatMoney(123450, 'EUR')).toBe('€1,234.50');
      expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
    });
    await inLanguage('fr', () => {
      expect(plain(formatMoney(123450, 'EUR'))).toBe('1 234,50 €');
      expect(plain(formatMoney(1500, 'JPY'))).toBe('1 500 JPY');
    });
  });

  it('writes counts and percentages the way the language does', async () => {
    await inLanguage('en', () => {
      expect(formatCount(1234567)).toBe('1,234,567');
      expect(formatPercent(42)).toBe('42%');
    });
    await inLanguage('fr', () => {
      expect(plain(formatCount(1234567))).toBe('1 234 567');
      expect(plain(formatPercent(42))).toBe('42 %');
    });
  });

  it('writes dates (a day at noon UTC is the same day in every time zone)', async () => {
    await inLanguage('en', () => {
      expect(formatDate('2026-03-04T12:00:00Z')).toBe('Mar 4, 2026');
      expect(formatDateTime('2026-03-04T12:00:00Z')).toMatch(/^Mar 4, 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    });
    await inLanguage('fr', () => {
      expect(formatDate('2026-03-04T12:00:00Z')).toBe('4 mars 2026');
      expect(formatDateTime('2026-03-04T12:00:00Z')).toMatch(/^4 mars 2026,? (à )?\d{2}:\d{2}$/);
    });
  });

  it('writes a stats day as its UTC date, whatever the time zone, and follows a language switch', async () => {
    await inLanguage('en', () => expect(formatDay('2026-12-31')).toBe('Dec 31'));
    // The formatter is cached per language: switching must not reuse the English one.
    await inLanguage('es', () => expect(formatDay('2026-12-31')).toBe('31 dic'));
    await inLanguage('en', () => expect(formatDay('2026-01-01')).toBe('Jan 1'));
  });

  it('writes sizes with the unit of the language, one decimal under 10', async () => {
    await inLanguage('en', () => {
      expect(formatBytes(0)).toBe('0 B');
      expect(formatBytes(1023)).toBe('1,023 B');
      expect(formatBytes(1024)).toBe('1 KB');
      expect(formatBytes(1536)).toBe('1.5 KB');
      expect(formatBytes(20 * 1024 * 1024 + 512 * 1024)).toBe('21 MB');
      expect(formatBytes(1024 ** 3)).toBe('1 GB');
      expect(formatBytes(3 * 1024 ** 5)).toBe('3,072 TB');
    });
    await inLanguage('fr', () => expect(plain(formatBytes(1536))).toBe('1,5 Ko'));
  });
});
