import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/profiles.ts';
import { languageOfHeader, MAIL_TEXTS, mailTexts } from './index.ts';

// Every value a text takes reads "Sample" (a string argument, or any field of an object argument).
const sample: unknown = new Proxy({}, { get: (_target, key) => (key === Symbol.toPrimitive ? () => 'Sample' : 'Sample') });

/** Every text of a language by its path ("receipt.subject"), functions filled in with the sample values. */
function rendered(texts: object, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts).flatMap(([key, value]): [string, string][] => {
      const path = prefix + key;
      if (typeof value === 'string') return [[path, value]];
      if (typeof value === 'function') return [[path, String((value as (arg: unknown) => unknown)(sample))]];
      return Object.entries(rendered(value as object, `${path}.`));
    }),
  );
}

const english = rendered(MAIL_TEXTS.en);
/** The same words in every language. */
const SAME_EVERYWHERE = ['invoice.line', 'invoice.total'];

describe('mail texts', () => {
  for (const language of LANGUAGES) {
    const texts = rendered(MAIL_TEXTS[language]);

    it(`${language} has every mail text, and no other`, () => {
      expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
    });

    it(`${language} texts are written out and start with a capital letter`, () => {
      for (const [path, text] of Object.entries(texts)) {
        expect(text.trim(), path).not.toBe('');
        // Opening marks (¡, ¿, a list's dash) come before the first letter.
        const first = /\p{L}/u.exec(text)?.[0] ?? '';
        expect(first, `${language} ${path}: ${text}`).toBe(first.toUpperCase());
        if (language !== 'en' && !SAME_EVERYWHERE.includes(path)) expect(text, `${language} ${path} is still English`).not.toBe(english[path]);
      }
    });
  }

  it('formats amounts and dates for the language, English as the spec writes them', () => {
    const day = new Date('2026-03-04T12:00:00Z');
    expect([mailTexts('en').format.money(123450, 'USD'), mailTexts('en').format.date(day)]).toEqual(['$1,234.50', 'Mar 4, 2026']);
    expect(mailTexts('fr').format.money(123450, 'USD')).toBe('1\u202f234,50\u00a0$US');
    expect(mailTexts('fr').format.money(123450, 'EUR')).toBe('1\u202f234,50\u00a0€');
    expect(mailTexts('es').format.money(1500, 'JPY')).toBe('1500\u00a0JPY');
    expect(mailTexts('es').format.date(day)).toBe('4 mar 2026');
  });

  it('reads the language of an Accept-Language header by weight, English when none is ours', () => {
    expect(languageOfHeader('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(languageOfHeader('de-DE,es;q=0.5,en;q=0.7')).toBe('en');
    expect(languageOfHeader('de;q=1, es;q=0.4')).toBe('es');
    expect(languageOfHeader('es;q=0, fr;q=0.1')).toBe('fr');
    expect(languageOfHeader(undefined)).toBe('en');
    expect(languageOfHeader('*')).toBe('en');
  });
});
