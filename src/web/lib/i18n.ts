// The interface's three languages (SPEC §9). Strings live in src/web/locales/{language}/{namespace}.json,
// one namespace per feature; `src/web/lib/i18n-keys.test.ts` fails when a language lacks a key or a
// component uses an unknown one. Only the English namespaces of the first view (FIRST_VIEW_NAMESPACES)
// are bundled; every other namespace, and every namespace of Spanish and French, is fetched with the
// route that uses it (router.tsx awaits loadNamespaces before rendering; `src/web/route-namespaces.test.ts`
// checks that every route declares what its components use).
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_KEY, LANGUAGES, type Preferences } from '#shared/profiles.ts';

export type Language = Preferences['language'];

const STORAGE_KEY = LANGUAGE_KEY;

/**
 * The chosen language as a cookie too: the pages the server writes (the creator page, /@slug) read it,
 * so they open in the language chosen here (else in the browser's, as this app does).
 */
function rememberForServerPages(language: Language) {
  if (!globalThis.document) return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  globalThis.document.cookie = `${LANGUAGE_KEY}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** What the app shell (header, footer, account menu, cart link), the home page and the not-found page use. */
export const FIRST_VIEW_NAMESPACES = ['common', 'site', 'links'] as const;

// Globs must be literal: the eager one lists FIRST_VIEW_NAMESPACES again.
const firstView = import.meta.glob<ResourceKey>(
  ['../locales/en/common.json', '../locales/en/site.json', '../locales/en/links.json'],
  { eager: true, import: 'default' },
);
const onDemand = import.meta.glob<ResourceKey>(
  ['../locales/*/*.json', '!../locales/en/common.json', '!../locales/en/site.json', '!../locales/en/links.json'],
  { import: 'default' },
);

const namespaceOf = (file: string) => file.split('/').pop()!.replace(/\.json$/, '');
/** The namespaces bundled with the first view (route-namespaces.test.ts compares them with FIRST_VIEW_NAMESPACES). */
export const BUNDLED_NAMESPACES: readonly string[] = Object.keys(firstView).map(namespaceOf);

const lazyNamespaces: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = onDemand[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (resources) => callback(null, resources),
      (error: Error) => callback(error, null),
    );
  },
};

/**
 * Fetches namespaces in the current language (and English, the fallback); later language switches
 * fetch them too before switching. Resolves at once when they are already in.
 */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return namespaces.length ? i18n.loadNamespaces([...namespaces]) : Promise.resolve();
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A visitor's language: the one they chose on this device, else their browser's first supported one. */
function initialLanguage(): Language {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (isLanguage(saved)) {
    rememberForServerPages(saved); // a choice made before the cookie existed
    return saved;
  }
  for (const tag of globalThis.navigator?.languages ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export const i18n = i18next.createInstance();

/** Resolves once the starting language's strings are in (at once for English); main.tsx waits for it. */
export const i18nReady = i18n
  .use(lazyNamespaces)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: [...FIRST_VIEW_NAMESPACES],
    defaultNS: 'common',
    resources: { en: Object.fromEntries(Object.entries(firstView).map(([file, strings]) => [namespaceOf(file), strings])) },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    // Routes load their namespaces before rendering, and a language is switched to only once every
    // namespace loaded so far is in (i18next's changeLanguage), so nothing suspends or shows raw keys.
    react: { useSuspense: false },
  });

// globalThis.document: lib/api.ts imports this module, and unit tests run without a DOM.
const setDocumentLanguage = (language: string) => globalThis.document?.documentElement.setAttribute('lang', language);
setDocumentLanguage(i18n.language);
i18n.on('languageChanged', setDocumentLanguage);

/** Switches the interface language and remembers it on this device (a signed-in user's is also saved in settings). */
export async function changeLanguage(language: Language) {
  globalThis.localStorage?.setItem(STORAGE_KEY, language);
  rememberForServerPages(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
