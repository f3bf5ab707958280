// Messages start with a capital letter in every language, and so does each sentence in them (issue #20:
// French messages started in lower case). A string whose English starts in lower case is a fragment
// the interface puts after other words ("by {{name}}", "(opens in a new tab)") or an example typed in a
// field ("you@example.com"): it may start in lower case in every language.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/profiles.ts';

const localesDir = path.resolve(import.meta.dirname, '..', 'locales');

/** Words written with a small first letter on purpose. */
const LOWER_CASE_WORDS = ['eBook', 'iOS', 'iPhone', 'iPad', 'macOS'];
/** Abbreviations ending in a full stop that do not end a sentence ("e.g. Remote"). */
const ABBREVIATIONS = ['e.g.', 'i.e.', 'p. ej.', 'p. ex.', 'etc.'];

type Strings = { [key: string]: string | Strings };

function strings(language: string): Map<string, string> {
  const all = new Map<string, string>();
  const walk = (value: Strings, prefix: string) => {
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner === 'string') all.set(`${prefix}${key}`, inner);
      else walk(inner, `${prefix}${key}.`);
    }
  };
  for (const file of fs.readdirSync(path.join(localesDir, language))) {
    walk(JSON.parse(fs.readFileSync(path.join(localesDir, language, file), 'utf8')) as Strings, `${file.replace(/\.json$/, '')}:`);
  }
  return all;
}

const isLower = (letter: string) => letter !== letter.toUpperCase() && letter === letter.toLowerCase();
/** Opening marks before a sentence's first letter. */
const OPENING = /^[\s¡¿«"“‘'([–—-]*/u;

/** Where a sentence of `text` starts with a small letter, or undefined. */
function lowerCaseStart(text: string, { fragment }: { fragment: boolean }): string | undefined {
  let cleaned = text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]+>/g, '{}'); // values and markup are not words
  for (const word of [...ABBREVIATIONS, ...LOWER_CASE_WORDS]) cleaned = cleaned.replaceAll(word, '{}');
  const starts = [...cleaned.matchAll(/[.!?…]\s+(?=\S)/gu)].map((match) => match.index + match[0].length);
  if (!fragment) starts.unshift(0);
  for (const start of starts) {
    const rest = cleaned.slice(start).replace(OPENING, '');
    const first = rest[0] ?? '';
    if (/\p{L}/u.test(first) && isLower(first)) return rest.slice(0, 30);
  }
  return undefined;
}

describe('capital letters', () => {
  const english = strings('en');

  it('finds a message or a sentence in lower case, not a fragment, an abbreviation or a value', () => {
    expect(lowerCaseStart('nouveau produit', { fragment: false })).toBe('nouveau produit');
    expect(lowerCaseStart('Enregistré. vous pouvez fermer', { fragment: false })).toBe('vous pouvez fermer');
    expect(lowerCaseStart('¿cómo?', { fragment: false })).toBe('cómo?');
    expect(lowerCaseStart('par {{name}}', { fragment: true })).toBeUndefined();
    expect(lowerCaseStart('p. ex. Télétravail', { fragment: true })).toBeUndefined();
    expect(lowerCaseStart('{{count}} produits', { fragment: false })).toBeUndefined();
    expect(lowerCaseStart('eBook', { fragment: false })).toBeUndefined();
  });

  for (const language of LANGUAGES) {
    it(`${language}: every message and every sentence in it starts with a capital letter`, () => {
      const wrong = [...strings(language)].flatMap(([key, text]) => {
        const fragment = isLower(english.get(key)?.replace(OPENING, '')[0] ?? 'A');
        const found = lowerCaseStart(text, { fragment });
        return found === undefined ? [] : [`${key}: ${found}`];
      });
      expect(wrong).toEqual([]);
    });
  }
});
