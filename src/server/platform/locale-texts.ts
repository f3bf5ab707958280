// The web's own translations (src/web/locales/<language>/<namespace>.json) for the pages the server
// writes, so a server page and the app that takes it over say the same words in the same language.
import type { Language } from '#shared/profiles.ts';

/** A namespace's strings in each language, as imported from the locale JSON files. */
export type LocaleStrings = Record<Language, Record<string, unknown>>;

export type Translate = (key: string, values?: Record<string, string | number>) => string;

const plurals = new Map<Language, Intl.PluralRules>();
const pluralOf = (language: Language, count: number) => {
  let rules = plurals.get(language);
  if (!rules) plurals.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
};

const lookUp = (strings: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), strings);

/** `{{name}}` and the like filled in: plain text, escaped where it is printed. */
export const fillText = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (values[name] === undefined ? '' : String(values[name])));

/**
 * i18next's `t` for the cases the public pages use: a dotted key, `{{value}}` filled in (plain text,
 * escaped by the page like any other), `_one` / `_other` by `count`, English when a language lacks the
 * key, and the key itself when no language has it.
 */
export function translator(strings: LocaleStrings, language: Language): Translate {
  const find = (key: string, count: number | undefined): string | undefined => {
    for (const source of language === 'en' ? [strings.en] : [strings[language], strings.en]) {
      const text = count === undefined ? undefined : lookUp(source, `${key}_${pluralOf(language, count)}`) ?? lookUp(source, `${key}_other`);
      const found = text ?? lookUp(source, key);
      if (typeof found === 'string') return found;
    }
    return undefined;
  };
  return (key, values = {}) => {
    const count = typeof values.count === 'number' ? values.count : undefined;
    return fillText(find(key, count) ?? key, values);
  };
}
