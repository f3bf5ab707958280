// Server pages (decision 037): a public page a guest or a bot asks for is written here, in the app's own
// document (its CSS, theme script and favicon) with the public layout's header and footer in the same
// Tailwind classes as the React components, and no module script of the app: /takeover.js loads it on
// the visitor's first interaction and the app replaces the markup (src/web/main.tsx). Page bodies are
// written by the module that owns their data (products/server-pages.ts) and reach serveWebApp through
// its page meta (PageMeta.serverPage).
import type { FastifyRequest } from 'fastify';
import type { Language } from '#shared/profiles.ts';
import { SOCIAL_NETWORKS, type SocialNetwork } from '#shared/site.ts';
import { SOCIAL_GLYPHS } from '#shared/site-social-glyphs.ts';
import en from '../../web/locales/en/common.json';
import es from '../../web/locales/es/common.json';
import fr from '../../web/locales/fr/common.json';
import { escapeHtml } from './html.ts';
import { fillText } from './locale-texts.ts';
import { icon } from './page-icons.ts';

/** The built index.html taken apart: what a server page keeps of it, and the app's module scripts. */
export interface AppShell {
  /** The document up to `<div id="root">`, without the module scripts and their preloads. */
  before: string;
  /** The document after the root element. */
  after: string;
  /** The app's module script URLs, in their order in index.html (takeover.js adds them). */
  scripts: string[];
}

const MODULE_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;
const ROOT = '<div id="root"></div>';

export function appShell(indexHtml: string): AppShell {
  const scripts = [...indexHtml.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  const rest = indexHtml.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  const at = rest.indexOf(ROOT);
  if (at < 0) throw new Error(`index.html has no ${ROOT}: the server pages cannot be written into it.`);
  return { before: rest.slice(0, at), after: rest.slice(at + ROOT.length), scripts };
}

/**
 * JSON for a `<script type="application/json">`: `<`, `>` and `&` as \u escapes, so nothing in it can
 * close the tag or open a comment, and U+2028/9 escaped for the parsers that still read them as line ends.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);

// better-auth's session cookie, as platform/session.ts reads it.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?zerri\.session_token=/;

/**
 * Who gets a server page: a visitor without a session (whose page is the same for everyone) and every
 * bot (link previews, search engines). A signed-in visitor gets the app, whose pages are personal.
 */
export function wantsServerPage(request: FastifyRequest, isBot: (userAgent: string) => boolean): boolean {
  return !SESSION_COOKIE.test(request.headers.cookie ?? '') || isBot(request.headers['user-agent'] ?? '');
}

// ---------------------------------------------------------------------------------------------------
// The public layout (src/web/app/layouts/public-layout.tsx, site-header.tsx, site-footer.tsx).

type Common = typeof en;
const COMMON: Record<Language, Common> = { en, es, fr };

/**
 * The Button component's classes (src/web/components/ui/button.tsx), for links and buttons the server
 * writes. The app's `cn` (tailwind-merge) lets the size's rounding and text size win over the base's;
 * here each size says its own. A null variant: the caller's classes colour it (as a className would).
 */
const BUTTON_BASE =
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0';
const BUTTON_VARIANTS = {
  default: 'bg-primary text-primary-foreground shadow-sm shadow-primary/20 hover:bg-primary-hover',
  outline: 'border border-input bg-transparent text-foreground hover:bg-accent hover:text-accent-foreground',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
  ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
} as const;
const BUTTON_SIZES = { default: 'h-10 rounded-lg px-4 py-2 text-sm', sm: 'h-9 rounded-md px-3 text-sm', lg: 'h-11 rounded-lg px-6 text-base', icon: 'size-10 rounded-lg text-sm' } as const;

export const buttonClass = (variant: keyof typeof BUTTON_VARIANTS | null = 'default', size: keyof typeof BUTTON_SIZES = 'default', extra = '') =>
  [BUTTON_BASE, variant && BUTTON_VARIANTS[variant], BUTTON_SIZES[size], extra].filter(Boolean).join(' ');

/** The Input and Label components' classes (src/web/components/ui/input.tsx, label.tsx). */
export const INPUT_CLASS =
  'flex h-10 w-full min-w-0 rounded-lg border border-input bg-muted/60 px-3 py-2 text-sm text-foreground shadow-xs transition-colors placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-400';
export const LABEL_CLASS = 'text-sm font-medium leading-none text-foreground select-none peer-disabled:opacity-70';
/** The RadioGroupItem component's classes (src/web/components/ui/radio-group.tsx). */
export const RADIO_CLASS =
  'peer flex aspect-square size-4 shrink-0 cursor-pointer items-center justify-center rounded-full border border-muted-foreground text-primary transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:border-primary';

/**
 * A button the app must handle (it opens a dialog, adds to the cart…): the click is held by takeover.js
 * and replayed on the app's element with the same `data-takeover` name once the app has taken over.
 */
export const takeoverButton = (name: string, className: string, content: string, attributes = '') =>
  `<button type="button" data-takeover="${escapeHtml(name)}" class="${className}"${attributes ? ` ${attributes}` : ''}>${content}</button>`;

function brandLogo(brand: string, texts: Common): string {
  return `<a href="/" class="inline-flex items-center gap-2 rounded-md font-bold tracking-tight text-foreground"><span aria-hidden="true" class="flex size-8 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-violet-500 to-fuchsia-600 text-base font-black text-white shadow-md shadow-violet-900/40">${escapeHtml(brand.charAt(0).toUpperCase())}</span><span class="text-lg">${escapeHtml(brand)}<span class="sr-only">${escapeHtml(texts.brand.homeSuffix)}</span></span></a>`;
}

const NAV_LINKS = [
  { label: 'features', to: '/#features' },
  { label: 'pricing', to: '/#pricing' },
  { label: 'marketplace', to: '/store' },
  { label: 'zerriLink', to: '/zerrilink' },
] as const;

function header(brand: string, language: Language, texts: Common, pathname: string): string {
  const links = NAV_LINKS.map(({ label, to }) => {
    const current = pathname === to || pathname.startsWith(`${to}/`);
    return `<li><a href="${to}"${current ? ' aria-current="page"' : ''} class="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground aria-[current=page]:text-foreground">${escapeHtml(texts.nav[label])}</a></li>`;
  }).join('');
  const code = language.toUpperCase();
  const languageLabel = fillText(texts.language.currentCompact, { code, language: texts.language[language] });
  // The header's background follows the scroll as the app's does: takeover.js sets data-scrolled.
  return `<header data-server-header data-scrolled="false" class="fixed inset-x-0 top-0 z-40 border-b transition-[background-color,box-shadow,border-color,backdrop-filter] duration-300 border-transparent bg-transparent data-[scrolled=true]:border-border/80 data-[scrolled=true]:bg-background/80 data-[scrolled=true]:shadow-lg data-[scrolled=true]:shadow-black/30 data-[scrolled=true]:backdrop-blur-lg">
<div class="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">${brandLogo(brand, texts)}
<nav aria-label="${escapeHtml(texts.header.mainNav)}" class="hidden lg:block"><ul class="flex items-center gap-1">${links}</ul></nav>
<div class="flex items-center gap-2"><a href="/cart" data-cart-link data-label="${escapeHtml(texts.cartLink)}" aria-label="${escapeHtml(fillText(texts.cartLink, { count: 0 }))}" class="${buttonClass('ghost', 'icon', 'relative')}">${icon('ShoppingCart', 'size-5!')}</a><div class="items-center gap-2 hidden lg:flex">${takeoverButton('language', 'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-md text-sm transition-colors focus-visible:outline-2 focus-visible:outline-ring px-2.5 font-medium text-muted-foreground hover:bg-accent hover:text-foreground', `${icon('Globe', 'size-4 text-muted-foreground')}<span lang="${language}">${code}</span>${icon('ChevronDown', 'size-3.5')}`, `aria-haspopup="menu" aria-expanded="false" aria-label="${escapeHtml(languageLabel)}"`)}</div><div class="items-center gap-2 hidden lg:flex"><a href="/auth" class="${buttonClass('ghost')}">${escapeHtml(texts.header.logIn)}</a><a href="/auth?tab=signup" class="${buttonClass()}">${escapeHtml(texts.header.signUp)}</a></div>${takeoverButton('menu', buttonClass('ghost', 'icon', 'lg:hidden'), icon('Menu', 'size-5!'), `aria-label="${escapeHtml(texts.header.openMenu)}" aria-haspopup="dialog" aria-expanded="false"`)}</div>
</div></header>`;
}

const FOOTER_COLUMNS = [
  { title: 'product', links: [['features', '/#features', 'nav'], ['pricing', '/#pricing', 'nav'], ['testimonials', '/#testimonials', 'footer'], ['marketplace', '/store', 'nav'], ['zerriLink', '/zerrilink', 'nav']] },
  { title: 'resources', links: [['documentation', '/docs', 'footer'], ['guides', '/guides', 'footer'], ['blog', '/blog', 'footer'], ['support', '/contact', 'footer']] },
  { title: 'company', links: [['about', '/about', 'footer'], ['careers', '/careers', 'footer'], ['contact', '/contact', 'footer'], ['privacy', '/privacy', 'footer']] },
  { title: 'legal', links: [['terms', '/terms', 'footer'], ['cookies', '/cookies', 'footer']] },
] as const;

/** What the operator set that the public footer shows (Admin › Settings › Public site). */
export interface PublicFooter {
  socialLinks: Record<SocialNetwork, string | null>;
  /** A hidden testimonials section has no link in the footer. */
  testimonialsShown: boolean;
}

/** The operator's social links, as the app's footer draws them (site-footer.tsx, social-icons.tsx). */
function socialLinks(brand: string, texts: Common, links: PublicFooter['socialLinks']): string {
  const items = SOCIAL_NETWORKS.flatMap((network) => {
    const href = links[network];
    if (!href) return [];
    const { label, stroked, inner } = SOCIAL_GLYPHS[network];
    const svg = stroked
      ? `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="size-4">${inner}</svg>`
      : `<svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" class="size-4">${inner}</svg>`;
    return [
      `<li><a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer" aria-label="${escapeHtml(fillText(texts.footer.socialLink, { brand, network: label }))}" class="flex size-9 items-center justify-center rounded-full border border-border text-muted-foreground transition-colors hover:border-primary hover:text-foreground">${svg}</a></li>`,
    ];
  });
  return items.length ? `<ul class="flex gap-2" aria-label="${escapeHtml(texts.footer.social)}">${items.join('')}</ul>` : '';
}

function footer(brand: string, texts: Common, year: number, site: PublicFooter | undefined): string {
  const label = (key: string, from: 'nav' | 'footer') => String((from === 'nav' ? (texts.nav as Record<string, unknown>) : texts.footer.links)[key as 'about']);
  const columns = FOOTER_COLUMNS.map((column) => {
    const title = texts.footer.columns[column.title];
    const items = column.links
      .filter(([, to]) => to !== '/#testimonials' || site?.testimonialsShown !== false)
      .map(([key, to, from]) => `<li><a href="${to}" class="text-muted-foreground transition-colors hover:text-foreground">${escapeHtml(label(key, from))}</a></li>`)
      .join('');
    return `<nav aria-label="${escapeHtml(fillText(texts.footer.columnLinks, { title }))}"><h2 class="text-sm font-semibold text-foreground">${escapeHtml(title)}</h2><ul class="mt-4 space-y-3 text-sm">${items}</ul></nav>`;
  }).join('');
  return `<footer class="border-t border-border bg-card/40">
<div class="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.4fr_repeat(4,1fr)] lg:px-8"><div class="space-y-4">${brandLogo(brand, texts)}<p class="max-w-xs text-sm text-muted-foreground">${escapeHtml(texts.footer.tagline)}</p>${site ? socialLinks(brand, texts, site.socialLinks) : ''}<div class="flex flex-wrap gap-2 pt-2"><a href="/auth" class="${buttonClass('outline', 'sm')}">${escapeHtml(texts.footer.creatorLogin)}</a><a href="/auth?tab=signup" class="${buttonClass('default', 'sm')}">${escapeHtml(texts.footer.signUp)}</a></div></div>
<div class="grid grid-cols-2 gap-8 sm:grid-cols-4 lg:contents">${columns}</div></div>
<div class="border-t border-border"><p class="mx-auto max-w-7xl px-4 py-6 text-center text-xs text-muted-foreground sm:px-6 lg:px-8">${escapeHtml(fillText(texts.footer.rights, { year, brand }))}</p></div>
</footer>`;
}

/** What a module writes for one server page. */
export interface ServerPageBody {
  /** The page's content, inside `<main>`: HTML, everything in it escaped by the module. */
  main: string;
  /**
   * Answers the app would fetch for this page, by react-query key: the app starts with them (main.tsx)
   * instead of asking again.
   */
  queries?: { key: readonly unknown[]; data: unknown }[];
  /**
   * The app is loaded at once rather than on the first interaction: the page has parts only the app
   * shows (a price to name, a version to pick, a discount code in the address), painted first by the server.
   */
  eager?: boolean;
  /** The footer's settings when the page has read them already (else the shell reads them). */
  footer?: PublicFooter;
}

/**
 * The whole document: index.html with the page's meta already in its head (withPageMeta), the public
 * layout around `body.main`, the queries' answers as JSON and /takeover.js in place of the app's scripts.
 */
export function renderServerPage(shell: AppShell, page: { language: Language; brand: string; pathname: string; body: ServerPageBody; year?: number; footer?: PublicFooter }): string {
  const texts = COMMON[page.language];
  const { body } = page;
  const before = shell.before.replace(/<html lang="[^"]*"/, `<html lang="${page.language}"`);
  const data = body.queries?.length ? `<script type="application/json" id="server-queries">${scriptJson(body.queries)}</script>` : '';
  const takeover = `<script src="/takeover.js" defer data-app="${escapeHtml(shell.scripts.join(' '))}"${body.eager ? ' data-eager' : ''}></script>`;
  const root = `<div id="root" data-server-page><div class="flex min-h-dvh flex-col">
<a href="#main" class="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3">${escapeHtml(texts.skipToContent)}</a>
${header(page.brand, page.language, texts, page.pathname)}
<main id="main" tabindex="-1" class="flex-1 pt-16 outline-none">${body.main}</main>
${footer(page.brand, texts, page.year ?? new Date().getFullYear(), page.footer)}
</div></div>${data}`;
  return `${before.replace('</head>', `  ${takeover}\n  </head>`)}${root}${shell.after}`;
}
