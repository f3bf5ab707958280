// The home page `/` as the server writes it for a visitor without a session (decision 037): the
// sections of src/web/features/site/pages/home-page.tsx with the same Tailwind classes, in the
// visitor's language, with what the operator says (Admin › Settings) and the registered-user count.
// The app takes the page over on the first interaction; the elements whose click needs the app (a
// link carrying navigation state, a form's submit) carry the same `data-takeover` name as the React ones.
import type { SiteInfo } from '#shared/site-api.ts';
import { type BillingPeriod, formatDollars, type Plan, PLANS, planPrice, planTexts, YEARLY_DISCOUNT } from '#shared/plans.ts';
import type { Language } from '#shared/profiles.ts';
import { counterWords, formatUserCount, MAX_RATING, testimonialInitials, testimonialsShown } from '#shared/site.ts';
import linksEn from '../../../web/locales/en/links.json';
import linksEs from '../../../web/locales/es/links.json';
import linksFr from '../../../web/locales/fr/links.json';
import commonEn from '../../../web/locales/en/common.json';
import commonEs from '../../../web/locales/es/common.json';
import commonFr from '../../../web/locales/fr/common.json';
import siteEn from '../../../web/locales/en/site.json';
import siteEs from '../../../web/locales/es/site.json';
import siteFr from '../../../web/locales/fr/site.json';
import type { AppContext, PageMetaResolver } from '../../platform/context.ts';
import { escapeHtml as e } from '../../platform/html.ts';
import { buttonClass, INPUT_CLASS, LABEL_CLASS } from '../../platform/server-page.ts';
import { translator, type Translate } from '../../platform/locale-texts.ts';
import { pageLanguage } from '../../platform/mail-language.ts';
import { icon } from '../../platform/page-icons.ts';
import { publicUserCount } from './queries.ts';
import { getSiteInfo } from './service.ts';

const siteTexts = { en: siteEn, es: siteEs, fr: siteFr };
const linksTexts = { en: linksEn, es: linksEs, fr: linksFr };
const commonTexts = { en: commonEn, es: commonEs, fr: commonFr };

/** What the home page shows that is not a fixed text. */
export interface HomePageData {
  brand: string;
  content: SiteInfo['content'];
  /** null: fewer accounts than the operator's threshold, so no number is told. */
  registeredUsers: number | null;
}

/** The page's title and description (site:home.*), as usePageMeta sets them in the app. */
export function homePageMeta(language: Language): { title: string; description: string } {
  const t = translator(siteTexts, language);
  return { title: t('home.title'), description: t('home.description') };
}

/** Sign Up (the app's links pass `defaultTab: 'signup'` as navigation state; a plain visit says ?tab=signup). */
const SIGN_UP = '/auth?tab=signup';

function sectionHeading(id: string, eyebrow: string, title: string, lead: string): string {
  return `<div class="mx-auto max-w-2xl text-center"><p class="text-sm font-semibold tracking-widest text-brand-soft uppercase">${e(eyebrow)}</p><h2 id="${id}" class="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">${e(title)}</h2><p class="mt-4 text-lg text-pretty text-muted-foreground">${e(lead)}</p></div>`;
}

/** Stands for the brand in the hero's title, so the translated words around it are escaped apart. */
const BRAND_MARK = '\u{E000}';

function hero(t: Translate, data: HomePageData): string {
  // "Sell, share and grow with <brand>{{brand}}</brand>": the brand in its gradient.
  const [before, after = ''] = t('hero.title', { brand: BRAND_MARK }).split(`<brand>${BRAND_MARK}</brand>`);
  const badge = data.content.premiumNotice.shown
    ? `<p class="mb-8 inline-flex items-center gap-2 rounded-full border border-violet-400/30 bg-violet-500/10 px-4 py-1.5 text-sm font-medium text-violet-200">${icon('Sparkles', 'size-4')} ${e(t('hero.badge'))}</p>`
    : '';
  return `<section aria-labelledby="hero-title" class="relative isolate -mt-16 overflow-hidden pt-16">
<div aria-hidden="true" class="pointer-events-none absolute inset-0 -z-10"><div class="absolute -top-40 left-1/2 h-[36rem] w-[56rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-violet-700/30 blur-3xl"></div><div class="absolute top-40 -right-40 h-80 w-80 rounded-full bg-fuchsia-600/20 blur-3xl"></div></div>
<div class="mx-auto flex max-w-5xl flex-col items-center px-4 pt-16 pb-16 text-center sm:px-6 sm:pt-28 sm:pb-24">${badge}
<h1 id="hero-title" class="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">${e(before ?? '')}<span class="bg-gradient-to-r from-violet-300 via-fuchsia-300 to-violet-300 bg-clip-text text-transparent">${e(data.brand)}</span>${e(after)}</h1>
<p class="mt-6 max-w-2xl text-lg text-pretty text-muted-foreground sm:text-xl">${e(t('hero.lead'))}</p>
<div class="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row"><a href="${SIGN_UP}" data-takeover="get-started" class="${buttonClass('default', 'lg')}">${e(t('hero.getStarted'))} ${icon('ArrowRight')}</a><a href="/store" class="${buttonClass('outline', 'lg')}">${icon('Store')} ${e(t('hero.explore'))}</a></div>
</div></section>`;
}

function userCounter(t: Translate, data: HomePageData, language: Language): string {
  const count = data.registeredUsers;
  if (count === null) return '';
  const words = counterWords(count);
  return `<section aria-labelledby="user-counter-title" class="px-4 sm:px-6"><div class="mx-auto flex max-w-3xl flex-col items-center gap-4 rounded-2xl border border-violet-400/20 bg-gradient-to-br from-violet-950/60 via-card to-card px-6 py-8 text-center shadow-xl shadow-violet-950/30 sm:flex-row sm:gap-6 sm:text-left">
<span class="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-primary/20 text-brand-soft">${icon('Users', 'size-7')}</span>
<div class="min-w-0"><h2 id="user-counter-title" class="text-sm font-semibold tracking-widest text-brand-soft uppercase">${e(t('counter.title'))}</h2>
<p class="mt-1 text-muted-foreground"><span${words === 'first' ? ' hidden' : ''} data-testid="registered-user-count" aria-live="polite" aria-busy="false" class="block min-w-[2ch] align-middle text-4xl sm:mr-3 sm:inline-block font-extrabold tracking-tight text-foreground tabular-nums sm:text-5xl">${e(formatUserCount(count, language))}</span><span class="mt-1 block align-middle sm:mt-0 sm:inline">${e(t(`counter.${words}`, { brand: data.brand }))}</span></p></div>
</div></section>`;
}

/** The links feature's home embed (HomeShortener, the compact ShortenForm): Shorten needs the app. */
function shortener(t: Translate, links: Translate): string {
  const urlId = 'home-shorten-url';
  return `<section id="shortener" aria-label="${e(t('shortener.label'))}" class="scroll-mt-20 px-4 pt-12 sm:px-6 sm:pt-16"><div class="mx-auto max-w-3xl"><div data-slot="card" class="min-w-0 rounded-xl border border-border bg-card text-card-foreground shadow-lg shadow-black/20 p-6 text-center sm:p-8">
<span class="mx-auto flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">${icon('Link2', 'size-6')}</span>
<h2 class="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">${e(links('home.title'))}</h2>
<p class="mx-auto mt-2 max-w-xl text-muted-foreground">${e(links('home.text'))}</p>
<div class="grid grid-cols-1 gap-4 mt-6"><form novalidate aria-label="${e(links('shorten.compactFormLabel'))}" action="/zerrilink"><fieldset class="min-w-0 flex flex-col gap-3 sm:flex-row sm:items-end">
<div class="grid content-start gap-2 min-w-0 flex-1 text-left"><label for="${urlId}" class="${LABEL_CLASS}">${e(links('shorten.compactUrlLabel'))}</label><input id="${urlId}" type="url" inputmode="url" autocomplete="url" placeholder="${e(links('shorten.urlPlaceholder'))}" name="url" class="${INPUT_CLASS}"></div>
<button type="submit" data-takeover="shorten" class="${buttonClass('default', 'lg')} sm:w-40">${icon('Wand2')} ${e(links('shorten.submit'))}</button>
</fieldset></form></div>
</div></div></section>`;
}

const FEATURES = [
  ['hub', 'Package'],
  ['marketplace', 'Store'],
  ['invoices', 'Receipt'],
  ['payouts', 'Wallet'],
  ['creatorTools', 'Palette'],
  ['ai', 'Bot'],
  ['jobs', 'Briefcase'],
  ['links', 'BarChart3'],
] as const;

function features(t: Translate): string {
  const items = FEATURES.map(
    ([id, name]) =>
      `<li class="group flex gap-4 rounded-xl border border-border bg-card/70 p-5 transition-colors hover:border-violet-400/40 hover:bg-card sm:block sm:p-6"><span class="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-brand-soft transition-colors group-hover:bg-primary/25">${icon(name, 'size-5')}</span><div><h3 class="font-semibold tracking-tight sm:mt-4">${e(t(`features.${id}.title`))}</h3><p class="mt-1.5 text-sm leading-relaxed text-muted-foreground sm:mt-2">${e(t(`features.${id}.description`))}</p></div></li>`,
  ).join('');
  return `<section id="features" aria-labelledby="features-title" class="scroll-mt-20 px-4 py-20 sm:px-6 sm:py-24">${sectionHeading('features-title', t('features.eyebrow'), t('features.title'), t('features.lead'))}<ul class="mx-auto mt-12 grid max-w-6xl gap-4 sm:grid-cols-2 lg:grid-cols-4">${items}</ul></section>`;
}

/**
 * Both periods' prices are written; the checked radio shows its own (a CSS rule on the section), so the
 * switch works before the app has taken over, and the app's radios have the same name to carry it over.
 */
function periodText(period: BillingPeriod, text: string, className = ''): string {
  return `<span data-period="${period}"${className ? ` class="${className}"` : ''}>${text}</span>`;
}

function planCard(plan: Plan, t: Translate, language: Language): string {
  const titleId = `plan-${plan.id}-title`;
  const text = planTexts(plan, t);
  const price = (period: BillingPeriod) => e(formatDollars(planPrice(plan, period), language));
  const popular = plan.popular
    ? `<p class="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-500 px-4 py-1 text-xs font-semibold whitespace-nowrap text-white shadow-lg">${e(t('pricing.mostPopular'))}</p>`
    : '';
  const insteadOf = plan.monthlyPrice > 0 ? e(t('pricing.insteadOf', { price: formatDollars(plan.monthlyPrice * 12, language) })) : '\u00a0';
  return `<li aria-labelledby="${titleId}" class="relative flex flex-col rounded-2xl border bg-card/80 p-7 ${plan.popular ? 'border-violet-400/70 shadow-2xl shadow-violet-900/40 lg:-my-4 lg:py-11' : 'border-border'}">${popular}
<h3 id="${titleId}" class="text-lg font-semibold">${e(text.name)}</h3><p class="mt-1 text-sm text-muted-foreground">${e(text.description)}</p>
<p class="mt-6 flex items-baseline gap-1">${(['monthly', 'yearly'] as const)
    .map((period) =>
      periodText(
        period,
        `<span class="text-4xl font-extrabold tracking-tight tabular-nums">${price(period)}</span><span class="text-sm text-muted-foreground">${e(period === 'yearly' ? t('pricing.perYear') : t('pricing.perMonth'))}</span>`,
        // Its two parts are the line's flex items, as in the app.
        'contents',
      ),
    )
    .join('')}</p>
<p class="mt-1 min-h-5 text-xs text-muted-foreground">${periodText('monthly', '\u00a0')}${periodText('yearly', insteadOf)}</p>
<ul class="mt-6 grid gap-3 text-sm">${text.features.map((feature) => `<li class="flex gap-2.5">${icon('Check', 'mt-0.5 size-4 shrink-0 text-brand-soft')}<span>${e(feature)}</span></li>`).join('')}</ul>
<div class="mt-auto pt-6"><p class="min-h-8 border-t border-border pt-4 text-xs text-muted-foreground">${e(text.feeNote)}</p><a href="${SIGN_UP}" data-takeover="plan-${plan.id}" class="${buttonClass(plan.popular ? 'default' : 'outline', 'lg')} mt-6 w-full">${e(text.cta)}</a></div></li>`;
}

// The switch's rule: a period's texts show only while its radio is checked (no script needed).
const PERIOD_RULE = '[&:has([value=yearly]:checked)_[data-period=monthly]]:hidden [&:has([value=monthly]:checked)_[data-period=yearly]]:hidden';

function pricing(t: Translate, language: Language): string {
  const labels = { monthly: t('pricing.monthly'), yearly: t('pricing.yearly') };
  const radios = (['monthly', 'yearly'] as const)
    .map(
      (period) =>
        `<label class="relative cursor-pointer rounded-full px-5 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"><input type="radio" name="billing-period" value="${period}"${period === 'monthly' ? ' checked' : ''} class="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0">${e(labels[period])}</label>`,
    )
    .join('');
  return `<section id="pricing" aria-labelledby="pricing-title" class="scroll-mt-20 border-t border-border/60 px-4 py-20 sm:px-6 sm:py-24 ${PERIOD_RULE}">${sectionHeading('pricing-title', t('pricing.eyebrow'), t('pricing.title'), t('pricing.lead'))}
<fieldset class="mx-auto mt-10 flex w-fit flex-col items-center gap-3 sm:flex-row"><legend class="sr-only">${e(t('pricing.billingPeriod'))}</legend><div class="inline-flex rounded-full border border-border bg-muted/70 p-1">${radios}</div><span class="rounded-full bg-emerald-500/15 px-3 py-1 text-xs font-semibold text-emerald-300">${e(t('pricing.save', { percent: Math.round(YEARLY_DISCOUNT * 100) }))}</span></fieldset>
<ul class="mx-auto mt-12 grid max-w-5xl items-stretch gap-6 lg:grid-cols-3">${PLANS.map((plan) => planCard(plan, t, language)).join('')}</ul></section>`;
}

function testimonials(t: Translate, data: HomePageData): string {
  const content = data.content.testimonials;
  if (!content.shown) return '';
  const items = testimonialsShown(content.items, t);
  const stars = (rating: number) =>
    `<div role="img" aria-label="${e(t('testimonials.rated', { rating, max: MAX_RATING }))}" class="flex gap-1">${Array.from({ length: MAX_RATING }, (_, index) =>
      icon('Star', index < rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 fill-transparent text-zinc-600'),
    ).join('')}</div>`;
  const list = items
    .map(
      (item) =>
        `<li><figure class="flex h-full flex-col rounded-2xl border border-border bg-card/70 p-6">${stars(item.rating)}<blockquote class="mt-4 flex-1 leading-relaxed whitespace-pre-line text-foreground/90">${e(t('testimonials.quoted', { quote: item.quote }))}</blockquote><figcaption class="mt-6 flex items-center gap-3"><span aria-hidden="true" class="flex size-10 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-600 text-sm font-bold text-white">${e(testimonialInitials(item.name))}</span><span><span class="block font-semibold">${e(item.name)}</span>${item.role ? `<span class="block text-sm text-muted-foreground">${e(item.role)}</span>` : ''}</span></figcaption></figure></li>`,
    )
    .join('');
  return `<section id="testimonials" aria-labelledby="testimonials-title" class="scroll-mt-20 border-t border-border/60 px-4 py-20 sm:px-6 sm:py-24">${sectionHeading('testimonials-title', t('testimonials.eyebrow'), t('testimonials.title'), t('testimonials.lead'))}<ul class="mx-auto mt-12 grid max-w-6xl gap-6 md:grid-cols-3">${list}</ul></section>`;
}

function newsletter(t: Translate): string {
  return `<section id="newsletter" aria-labelledby="newsletter-title" class="scroll-mt-20 px-4 pb-20 sm:px-6 sm:pb-24"><div class="mx-auto max-w-4xl rounded-3xl border border-border bg-card/70 px-6 py-12 text-center sm:px-12">
<span class="mx-auto flex size-12 items-center justify-center rounded-xl bg-primary/15 text-brand-soft">${icon('Mail', 'size-6')}</span>
<h2 id="newsletter-title" class="mt-5 text-2xl font-bold tracking-tight sm:text-3xl">${e(t('newsletter.title'))}</h2><p class="mx-auto mt-3 max-w-xl text-muted-foreground">${e(t('newsletter.lead'))}</p>
<form novalidate class="mx-auto mt-8 flex w-full max-w-md flex-col gap-3 text-left sm:flex-row sm:items-start"><div class="flex-1"><label for="newsletter-email" class="${LABEL_CLASS} sr-only">${e(t('newsletter.emailLabel'))}</label><input id="newsletter-email" type="email" autocomplete="email" inputmode="email" placeholder="${e(t('newsletter.emailPlaceholder'))}" name="email" class="${INPUT_CLASS.replace('h-10 ', '')} h-11"></div><button type="submit" data-takeover="newsletter" class="${buttonClass('default', 'lg')} sm:min-w-36">${icon('Send')} ${e(t('newsletter.subscribe'))}</button></form>
</div></section>`;
}

function closing(t: Translate): string {
  return `<section aria-labelledby="closing-cta-title" class="px-4 pb-24 sm:px-6"><div class="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl border border-violet-400/30 bg-gradient-to-br from-violet-700 via-violet-800 to-fuchsia-900 px-6 py-14 text-center shadow-2xl shadow-violet-950/50 sm:px-12 sm:py-16">
<div aria-hidden="true" class="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-fuchsia-400/20 blur-3xl"></div>
<h2 id="closing-cta-title" class="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">${e(t('closing.title'))}</h2><p class="mx-auto mt-4 max-w-2xl text-lg text-violet-100">${e(t('closing.text'))}</p>
<div class="mt-8 flex flex-col justify-center gap-3 sm:flex-row"><a href="${SIGN_UP}" data-takeover="create-account" class="${buttonClass(null, 'lg')} shadow-primary/20 bg-white text-violet-800 shadow-lg hover:bg-violet-50">${e(t('closing.createAccount'))} ${icon('ArrowRight')}</a><a href="/contact" class="${buttonClass(null, 'lg')} border bg-transparent border-white/40 text-white hover:bg-white/10 hover:text-white">${icon('MessageCircle')} ${e(t('closing.talk'))}</a></div>
</div></section>`;
}

/**
 * The first-visit "under construction" notice (features/site/components/construction-notice.tsx's
 * dialog), closed until /construction-notice.js opens it: after the page has loaded, on a first visit
 * only, and never over a press in progress. The operator's words, else the spec's text.
 */
function constructionNotice(t: Translate, data: HomePageData, close: string): string {
  const notice = data.content.constructionNotice;
  if (!notice.shown) return '';
  const text = notice.text ?? t('construction.text', { brand: data.brand });
  return `<dialog data-construction-notice aria-labelledby="construction-notice-title" aria-describedby="construction-notice-text" class="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-border bg-popover p-0 text-popover-foreground shadow-2xl outline-none open:animate-fade-in backdrop:bg-black/70 backdrop:backdrop-blur-sm backdrop:animate-fade-in"><div class="relative grid gap-4 p-6 text-center sm:p-8"><span class="mx-auto flex size-14 items-center justify-center rounded-2xl bg-amber-400/15 text-amber-300">${icon('Construction', 'size-7')}</span><h2 id="construction-notice-title" class="text-xl font-semibold">${e(t('construction.title'))}</h2><p id="construction-notice-text" class="text-base whitespace-pre-line text-muted-foreground">${e(text)}</p><button type="button" data-notice-close class="${buttonClass('default', 'lg')} mt-2 w-full">${e(t('construction.ok'))}</button><button type="button" data-notice-close aria-label="${e(close)}" class="absolute top-3 right-3 inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">${icon('X', 'size-5')}</button></div></dialog><script src="/construction-notice.js" async></script>`;
}

/** The home page's sections, the content of `<main>`, in the visitor's language. */
export function renderHomePage(data: HomePageData, language: Language): string {
  const t = translator(siteTexts, language);
  const links = translator(linksTexts, language);
  const common = translator(commonTexts, language);
  return [
    hero(t, data),
    userCounter(t, data, language),
    shortener(t, links),
    features(t),
    pricing(t, language),
    testimonials(t, data),
    newsletter(t),
    closing(t),
    constructionNotice(t, data, common('close')),
  ].join('\n');
}

/**
 * `/`: its title and description for everyone, and for a guest or a bot the page itself (decision 037),
 * with the site's and the counter's answers for the app to start from (lib/site.ts, get-site-stats.ts).
 */
export function homePageResolver(ctx: AppContext): PageMetaResolver {
  return async (pathname, request) => {
    if (pathname !== '/') return undefined;
    return {
      ...homePageMeta(pageLanguage(request.headers)),
      serverPage: async (language) => {
        const [site, registeredUsers] = await Promise.all([getSiteInfo(ctx), publicUserCount(ctx.database.db)]);
        return {
          main: renderHomePage({ brand: site.brand, content: site.content, registeredUsers }, language),
          footer: { socialLinks: site.content.socialLinks, testimonialsShown: site.content.testimonials.shown },
          queries: [
            { key: ['site'], data: site },
            { key: ['site-stats'], data: { registeredUsers } },
          ],
        };
      },
    };
  };
}
