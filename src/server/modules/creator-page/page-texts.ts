// The public page's words in each interface language, read from the web's own translations
// (src/web/locales/<language>/creator-page.json: `public`, `networks` and the follow box's `errors`), so
// the page the server writes and the app say the same things and `i18n-keys.test.ts` checks them both.
import type { Language } from '#shared/profiles.ts';
import en from '../../../web/locales/en/creator-page.json';
import es from '../../../web/locales/es/creator-page.json';
import fr from '../../../web/locales/fr/creator-page.json';

type Strings = typeof en;
const STRINGS: Record<Language, Strings> = { en, es, fr };

/** `{{name}}` and the like filled in: plain text, escaped by the page like any other. */
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => values[key] ?? '');

export interface PageTexts {
  language: Language;
  buy: string;
  latestPosts: string;
  post: string;
  follow: string;
  emailPlaceholder: string;
  video: string;
  followLabel(name: string): string;
  videoPreview(url: string): string;
  madeWith(brand: string): string;
  description(values: { name: string; brand: string }): string;
  /** A social network's name ("Website" is translated). */
  network(network: string): string;
  /** What the follow box says after it was sent. */
  followResult(code: 'followSent' | 'followInvalid'): string;
}

export function pageTexts(language: Language): PageTexts {
  const strings = STRINGS[language];
  const words = strings.public;
  const networks: Record<string, string> = strings.networks;
  return {
    language,
    buy: words.buy,
    latestPosts: words.latestPosts,
    post: words.post,
    follow: words.follow,
    emailPlaceholder: words.emailPlaceholder,
    video: words.video,
    followLabel: (name) => fill(words.followLabel, { name }),
    videoPreview: (url) => fill(words.videoPreview, { url }),
    madeWith: (brand) => fill(words.madeWith, { brand }),
    description: (values) => fill(words.description, values),
    network: (network) => networks[network] ?? network,
    followResult: (code) => strings.errors[code],
  };
}
