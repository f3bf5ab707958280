// Every language has every key, and every key the interface asks for exists: a missing
// translation fails here rather than showing a raw key to a user.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/profiles.ts';

const webDir = path.resolve(import.meta.dirname, '..');
const localesDir = path.join(webDir, 'locales');

type Strings = { [key: string]: string | Strings };

function flatten(strings: Strings, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(strings)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(name, value);
    else for (const [inner, text] of flatten(value, name)) keys.set(inner, text);
  }
  return keys;
}

function load(language: string): Map<string, Map<string, string>> {
  const namespaces = new Map<string, Map<string, string>>();
  for (const file of fs.readdirSync(path.join(localesDir, language))) {
    if (!file.endsWith('.json')) continue;
    const strings = JSON.parse(fs.readFileSync(path.join(localesDir, language, file), 'utf8')) as Strings;
    namespaces.set(file.replace(/\.json$/, ''), flatten(strings));
  }
  return namespaces;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]).sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Keys a file asks for: t('key'), t("key"), i18nKey="key", with its useTranslation namespaces. */
function usages(source: string) {
  const namespaces = new Set<string>(['common']);
  for (const match of source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g)) {
    for (const name of match[1]!.matchAll(/['"]([^'"]+)['"]/g)) namespaces.add(name[1]!);
  }
  for (const match of source.matchAll(/getFixedT\([^,]+,\s*'([^']+)'/g)) namespaces.add(match[1]!);
  const keys = [...source.matchAll(/\bt\(\s*['"]([^'"$`]+)['"]|i18nKey=["']([^"']+)["']/g)].map((match) => match[1] ?? match[2]!);
  return { namespaces: [...namespaces], keys };
}

const english = load('en');

describe('translations', () => {
  it('has the English strings', () => {
    expect(english.get('common')?.size).toBeGreaterThan(0);
  });

  for (const language of LANGUAGES.filter((code) => code !== 'en')) {
    it(`${language} has exactly the English keys, with the same {{variables}}, none empty`, () => {
      const translated = load(language);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [namespace, keys] of english) {
        const other = translated.get(namespace)!;
        expect([...other.keys()].sort(), `${language}/${namespace}.json`).toEqual([...keys.keys()].sort());
        for (const [key, text] of keys) {
          expect(other.get(key)?.trim(), `${language}/${namespace}.json ${key}`).toBeTruthy();
          expect(variables(other.get(key)!), `${language}/${namespace}.json ${key}`).toEqual(variables(text));
        }
      }
    });
  }

  it('every key the interface uses exists in English', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(webDir)) {
      const { namespaces, keys } = usages(fs.readFileSync(file, 'utf8'));
      for (const key of keys) {
        const [namespace, name] = key.includes(':') ? key.split(':', 2) : [undefined, key];
        const candidates = namespace ? [namespace] : namespaces;
        const found = candidates.some((ns) => {
          const strings = english.get(ns!);
          return strings && (strings.has(name!) || strings.has(`${name}_one`) || strings.has(`${name}_other`));
        });
        if (!found) missing.push(`${path.relative(webDir, file)}: ${key} (namespaces ${candidates.join(', ')})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
