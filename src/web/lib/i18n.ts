// The interface's three languages (SPEC §9): English bundled, Spanish and French fetched when
// chosen. Strings live in src/web/locales/{language}/{namespace}.json, one namespace per feature;
// `src/web/lib/i18n-keys.test.ts` fails when a language lacks a key or a component uses an unknown one.
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Preferences } from '#shared/profiles.ts';

export type Language = Preferences['language'];

const STORAGE_KEY = 'zerri.language';

const english = import.meta.glob<ResourceKey>('../locales/en/*.json', { eager: true, import: 'default' });
const otherLanguages = import.meta.glob<ResourceKey>(['../locales/es/*.json', '../locales/fr/*.json'], { import: 'default' });

const namespaceOf = (file: string) => file.split('/').pop()!.replace(/\.json$/, '');
const NAMESPACES = Object.keys(english).map(namespaceOf);

const lazyLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = otherLanguages[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (resources) => callback(null, resources),
      (error: Error) => callback(error, null),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A visitor's language: the one they chose on this device, else their browser's first supported one. */
function initialLanguage(): Language {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (isLanguage(saved)) return saved;
  for (const tag of globalThis.navigator?.languages ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export const i18n = i18next.createInstance();

/** Resolves once the starting language's strings are in (at once for English); main.tsx waits for it. */
export const i18nReady = i18n
  .use(lazyLanguages)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: NAMESPACES,
    defaultNS: 'common',
    resources: { en: Object.fromEntries(Object.entries(english).map(([file, strings]) => [namespaceOf(file), strings])) },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    // Every namespace of the language is loaded before it is switched to, so nothing suspends.
    react: { useSuspense: false },
  });

// globalThis.document: lib/api.ts imports this module, and unit tests run without a DOM.
const setDocumentLanguage = (language: string) => globalThis.document?.documentElement.setAttribute('lang', language);
setDocumentLanguage(i18n.language);
i18n.on('languageChanged', setDocumentLanguage);

/** Switches the interface language and remembers it on this device (a signed-in user's is also saved in settings). */
export async function changeLanguage(language: Language) {
  globalThis.localStorage?.setItem(STORAGE_KEY, language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
