// The product page and the storefront as the server writes them for guests and bots (decision 037): the
// markup of src/web/features/products/pages/product-page.tsx and storefront-page.tsx (and the components
// they show a guest) with the same classes, so the app replaces it without a visible change. Buttons the
// app handles carry the same `data-takeover` names as the React components.
import { CARD_TAGS_SHOWN, productPath } from '#shared/products.ts';
import { STORE_SORT_KEYS, STORE_SORTS } from '#shared/products-store.ts';
import { amountInputProps, currencySymbol, decimalAmount, formatMoney } from '#shared/money.ts';
import { NAMED_PRICE_FIELD, namedPriceStart } from '#shared/orders.ts';
import { type Language, SOCIAL_LINK_KINDS } from '#shared/profiles.ts';
import type { CreatorProfile, ProductDetails, ProductReviews, StoreProduct, StoreProductsPage } from '#shared/products-api.ts';
import { escapeHtml } from '../../platform/html.ts';
import { icon } from '../../platform/page-icons.ts';
import { translator } from '../../platform/locale-texts.ts';
import { buttonClass, INPUT_CLASS, LABEL_CLASS, RADIO_CLASS, takeoverButton, type ServerPageBody } from '../../platform/server-page.ts';
import commonEn from '../../../web/locales/en/common.json';
import commonEs from '../../../web/locales/es/common.json';
import commonFr from '../../../web/locales/fr/common.json';
import ordersEn from '../../../web/locales/en/orders.json';
import ordersEs from '../../../web/locales/es/orders.json';
import ordersFr from '../../../web/locales/fr/orders.json';
import productsEn from '../../../web/locales/en/products.json';
import productsEs from '../../../web/locales/es/products.json';
import productsFr from '../../../web/locales/fr/products.json';
import audienceEn from '../../../web/locales/en/audience.json';
import audienceEs from '../../../web/locales/es/audience.json';
import audienceFr from '../../../web/locales/fr/audience.json';
import profilesEn from '../../../web/locales/en/profiles.json';
import profilesEs from '../../../web/locales/es/profiles.json';
import profilesFr from '../../../web/locales/fr/profiles.json';
import { markdownHtml } from './server-page-markdown.ts';

/** The react-query keys of the answers the pages embed (src/web/features/products/api). */
const STORE_QUERY_KEY = 'store';

function makeTexts(language: Language) {
  return {
    products: translator({ en: productsEn, es: productsEs, fr: productsFr }, language),
    orders: translator({ en: ordersEn, es: ordersEs, fr: ordersFr }, language),
    common: translator({ en: commonEn, es: commonEs, fr: commonFr }, language),
    audience: translator({ en: audienceEn, es: audienceEs, fr: audienceFr }, language),
    profiles: translator({ en: profilesEn, es: profilesEs, fr: profilesFr }, language),
    money: (minor: number, currency: ProductDetails['currency']) => formatMoney(minor, language, currency),
    currencySymbol: (currency: ProductDetails['currency']) => currencySymbol(currency, language),
    number: (value: number) => value.toLocaleString(language),
  };
}
type Texts = ReturnType<typeof makeTexts>;
const textsByLanguage = new Map<Language, Texts>();
/** The pages' words in a language, made once (a marketplace page asks for them per card and per tag). */
function textsOf(language: Language): Texts {
  let texts = textsByLanguage.get(language);
  if (!texts) textsByLanguage.set(language, (texts = makeTexts(language)));
  return texts;
}

const CATEGORY_KEYS: Record<string, string> = {
  eBook: 'ebook',
  Templates: 'templates',
  Software: 'software',
  Graphics: 'graphics',
  Video: 'video',
  Audio: 'audio',
  Course: 'course',
  ZIP: 'zip',
};
const TAG_KEYS: Record<string, string> = {
  design: 'design',
  development: 'development',
  marketing: 'marketing',
  illustration: 'illustration',
  'video editing': 'videoEditing',
  'music production': 'musicProduction',
  productivity: 'productivity',
  business: 'business',
  ai: 'ai',
  finance: 'finance',
  writing: 'writing',
};
const categoryLabel = (texts: Texts, category: string) => (CATEGORY_KEYS[category] ? texts.products(`categories.${CATEGORY_KEYS[category]}`) : category);
// Suggested tags are stored as written in English ("Development"): found whatever their case, as useTagLabel does.
const tagLabel = (texts: Texts, tag: string) => {
  const key = TAG_KEYS[tag.toLowerCase()];
  return key ? texts.common(`tags.${key}`) : tag;
};
const fallbackCover = (category: string) => `/covers/${category.toLowerCase()}.svg`;
const storefrontPath = (creator: { slug: string; id: string }) => (creator.slug ? `/store/${encodeURIComponent(creator.slug)}` : `/store/creator/${encodeURIComponent(creator.id)}`);

/** CreatorAvatar: the picture, or the name's first letter on the brand colour. */
function avatar(name: string, src: string | null | undefined, className: string): string {
  const inner = src
    ? `<img src="${escapeHtml(src)}" alt="" class="aspect-square size-full object-cover" width="96" height="96" loading="lazy">`
    : `<span class="flex size-full items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">${escapeHtml((name.trim()[0] ?? '?').toUpperCase())}</span>`;
  return `<span class="relative flex size-9 shrink-0 overflow-hidden rounded-full ring-1 ring-border ${className}">${inner}</span>`;
}

/** StarRating: five stars filled to `value` (halves shown), decorative. */
function stars(value: number): string {
  const items = [1, 2, 3, 4, 5].map((position) => {
    const fill = Math.max(0, Math.min(1, value - position + 1));
    const width = fill >= 0.75 ? 100 : fill >= 0.25 ? 50 : 0;
    const filled = fill > 0 ? `<span class="absolute inset-0 overflow-hidden" style="width:${width}%">${icon('Star', 'size-4 fill-amber-400 text-amber-400')}</span>` : '';
    return `<span class="relative inline-block size-4">${icon('Star', 'absolute inset-0 size-4 text-muted-foreground/50')}${filled}</span>`;
  });
  return `<span aria-hidden="true" class="inline-flex items-center gap-0.5">${items.join('')}</span>`;
}

const SOCIAL = {
  twitter: { label: 'X (Twitter)', base: 'https://x.com/' },
  linkedin: { label: 'LinkedIn', base: 'https://www.linkedin.com/in/' },
  github: { label: 'GitHub', base: 'https://github.com/' },
  website: { label: null, base: 'https://' },
} as const;

/** CreatorSocialLinks: the links set, as safe http(s) addresses (the icons' place kept). */
function socialLinks(texts: Texts, links: Partial<Record<(typeof SOCIAL_LINK_KINDS)[number], string>> | null | undefined, name: string): string {
  const items = SOCIAL_LINK_KINDS.flatMap((kind) => {
    const value = (links?.[kind] ?? '').trim();
    if (!value || (!/^https?:\/\//i.test(value) && /^[a-z][a-z0-9+.-]*:/i.test(value))) return [];
    const href = /^https?:\/\//i.test(value) ? value : `${SOCIAL[kind].base}${value.replace(/^@/, '')}`;
    const label = SOCIAL[kind].label ?? texts.products('social.website');
    return [
      `<li><a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer nofollow" class="inline-flex items-center gap-2 rounded-lg border border-border bg-muted/60 px-3 py-1.5 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-foreground">${kind === 'website' ? icon('Globe', 'size-4') : '<span aria-hidden="true" class="size-4"></span>'}${escapeHtml(label)}<span class="sr-only"> ${escapeHtml(texts.products('social.newTab'))}</span></a></li>`,
    ];
  });
  return items.length ? `<ul aria-label="${escapeHtml(texts.products('social.elsewhere', { name }))}" class="flex flex-wrap gap-2">${items.join('')}</ul>` : '';
}

/** CreatorPortfolio (profiles feature): the skills and portfolio a creator made public. */
function portfolio(texts: Texts, creator: CreatorProfile): string {
  const skills = creator.skills ?? [];
  const items = creator.portfolio ?? [];
  if (skills.length === 0 && items.length === 0) return '';
  const skillList = skills.length
    ? `<section aria-label="${escapeHtml(texts.profiles('fields.skills'))}"><ul class="flex flex-wrap gap-2">${skills.map((skill) => `<li class="rounded-full border border-border bg-accent px-3 py-1 text-xs font-medium text-accent-foreground">${escapeHtml(skill)}</li>`).join('')}</ul></section>`
    : '';
  const works = items.length
    ? `<section aria-labelledby="storefront-portfolio" class="grid gap-2"><h2 id="storefront-portfolio" class="text-sm font-semibold">${escapeHtml(texts.profiles('fields.portfolio'))}</h2><ul class="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">${items
        .map(
          (item) =>
            `<li class="overflow-hidden rounded-lg border border-border bg-muted/40">${item.imageUrl ? `<img src="${escapeHtml(item.imageUrl)}" alt="" loading="lazy" referrerpolicy="no-referrer" class="aspect-video w-full object-cover">` : ''}<a href="${escapeHtml(item.link)}" target="_blank" rel="noopener noreferrer nofollow" class="flex items-center gap-1 p-3 text-sm font-medium hover:underline">${escapeHtml(item.title)} <span aria-hidden="true" class="size-3.5"></span><span class="sr-only">${escapeHtml(texts.profiles('view.opensInNewTab'))}</span></a></li>`,
        )
        .join('')}</ul></section>`
    : '';
  return `<div class="grid gap-4 pt-2">${skillList}${works}</div>`;
}

/** GetUpdatesBox (audience feature): the creator's e-mail sign-up; the app sends it once it has taken over. */
function updatesBox(texts: Texts, creator: { name: string }, id: string): string {
  return `<section aria-labelledby="${id}-title" class="grid gap-3 rounded-2xl border border-border bg-card p-5 sm:p-6"><h2 id="${id}-title" class="flex items-center gap-2 text-lg font-semibold">${icon('MailPlus', 'size-5 text-brand-soft')} ${escapeHtml(texts.audience('getUpdates.title'))}</h2><form novalidate class="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" data-takeover-form><div class="grid content-start gap-2"><label for="${id}-email" class="text-sm font-medium leading-none text-foreground select-none peer-disabled:opacity-70">${escapeHtml(texts.audience('getUpdates.label', { name: creator.name }))}</label><input id="${id}-email" name="updates-email" type="email" autocomplete="email" class="flex h-10 w-full min-w-0 rounded-lg border border-input bg-muted/60 px-3 py-2 text-sm text-foreground shadow-xs transition-colors placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-400" value=""></div>${takeoverButton('get-updates', buttonClass(), escapeHtml(texts.audience('getUpdates.submit')))}</form><p class="text-xs text-muted-foreground">${escapeHtml(texts.audience('getUpdates.hint'))}</p></section>`;
}

/** A product's price as the page shows it: "From $5" with versions, "$5 or more" for pay what you want. */
function priceText(texts: Texts, product: Pick<ProductDetails, 'priceCents' | 'currency' | 'payWhatYouWant'> & { hasVersions: boolean }): string {
  const price = texts.money(product.priceCents, product.currency);
  if (product.hasVersions) return texts.products('product.fromPrice', { price });
  if (product.payWhatYouWant) return texts.products('product.payWhatYouWantPrice', { minimum: price });
  return price;
}

/** ProductGallery: the cover (the page's largest paint: not lazy, fetched first), then the gallery's thumbnails. */
function gallery(texts: Texts, product: ProductDetails): string {
  const slides = [
    { url: product.coverUrl ?? fallbackCover(product.category), thumbUrl: product.cardUrl ?? product.coverUrl ?? fallbackCover(product.category), width: null, height: null },
    ...product.images.map((image) => ({ url: image.url, thumbUrl: image.thumbUrl, width: image.width, height: image.height })),
  ];
  const count = slides.length;
  const first = slides[0]!;
  const alt = count > 1 ? texts.products('product.imageAlt', { name: product.name, position: 1, count }) : texts.products('product.coverAlt', { name: product.name });
  const main = `<div class="overflow-hidden rounded-2xl border border-border bg-muted shadow-xl shadow-black/30"><img src="${escapeHtml(first.url)}" alt="${escapeHtml(alt)}" width="${first.width ?? 1200}" height="${first.height ?? 750}" fetchpriority="high" class="aspect-[16/10] size-full object-cover" data-testid="product-main-image"></div>`;
  if (count === 1) return main;
  const thumbs = slides
    .map(
      (slide, position) =>
        `<li>${takeoverButton(
          `gallery-${position}`,
          `block size-14 cursor-pointer overflow-hidden rounded-lg border-2 bg-muted transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:size-16 ${position === 0 ? 'border-violet-400' : 'border-transparent opacity-70 hover:opacity-100'}`,
          `<img src="${escapeHtml(slide.thumbUrl)}" alt="" loading="lazy" width="64" height="64" class="size-full object-cover">`,
          `aria-label="${escapeHtml(texts.products('product.showImage', { position: position + 1, count }))}"${position === 0 ? ' aria-current="true"' : ''} tabindex="${position === 0 ? 0 : -1}"`,
        )}</li>`,
    )
    .join('');
  return `<section aria-label="${escapeHtml(texts.products('product.gallery'))}" class="grid min-w-0 gap-3">${main}<ul class="flex flex-wrap gap-2">${thumbs}</ul></section>`;
}

/**
 * VersionPicker (orders feature) as it first shows: the first version chosen. A version clicked is held
 * by takeover.js and clicked again on the app's radio of the same `data-takeover` name.
 */
function versionPicker(texts: Texts, product: ProductDetails): string {
  const items = product.versions
    .map((version, position) => {
      const id = `version-${version.id}`;
      const price = texts.money(version.priceCents, product.currency);
      const checked = position === 0;
      const about = version.description ? `<span id="${id}-about" class="text-sm break-words text-muted-foreground">${escapeHtml(version.description)}</span>` : '';
      return `<label for="${id}" class="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/60"><button type="button" role="radio" id="${id}" value="${escapeHtml(version.id)}" aria-checked="${checked}" data-state="${checked ? 'checked' : 'unchecked'}" data-takeover="version:${escapeHtml(version.id)}" tabindex="${checked ? 0 : -1}"${version.description ? ` aria-describedby="${id}-about"` : ''} class="${RADIO_CLASS} mt-1">${
        checked ? '<span data-state="checked" class="flex items-center justify-center"><span class="size-2 rounded-full bg-primary"></span></span>' : ''
      }</button><span class="grid min-w-0 flex-1 gap-1"><span class="flex flex-wrap items-baseline justify-between gap-x-3"><span class="font-medium break-words">${escapeHtml(version.name)}</span><span class="font-semibold tabular-nums">${escapeHtml(
        product.payWhatYouWant ? texts.orders('versions.atLeast', { price }) : price,
      )}</span></span>${about}</span></label>`;
    })
    .join('');
  return `<fieldset class="grid min-w-0 gap-2"><legend class="mb-2 text-sm font-medium">${escapeHtml(texts.orders('versions.choose'))}</legend><div role="radiogroup" class="grid gap-2">${items}</div></fieldset>`;
}

/** NamedPriceField (orders feature) as it first shows (namedPriceStart). Its name carries what is typed to the app's field. */
function namedPriceField(texts: Texts, product: ProductDetails): string {
  const { minimumCents, startCents } = namedPriceStart(product, product.versions[0]);
  const symbol = texts.currencySymbol(product.currency);
  const hint = minimumCents ? texts.orders('namedPrice.hint', { minimum: texts.money(minimumCents, product.currency) }) : texts.orders('namedPrice.hintFree');
  return `<div class="grid content-start gap-2"><label for="${NAMED_PRICE_FIELD}" class="${LABEL_CLASS}">${escapeHtml(texts.orders('namedPrice.label'))}</label><div class="relative max-w-48"><span aria-hidden="true" class="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground">${escapeHtml(symbol)}</span><input id="${NAMED_PRICE_FIELD}" name="${NAMED_PRICE_FIELD}" inputmode="${amountInputProps(product.currency).inputMode}" autocomplete="off" value="${decimalAmount(startCents, product.currency)}" class="${INPUT_CLASS} ${symbol.length > 1 ? 'pl-10' : 'pl-7'} tabular-nums"></div><p class="text-xs text-muted-foreground">${escapeHtml(hint)}</p></div>`;
}

/**
 * AddToCartButton for a guest (orders feature): the version picker and the price to name, then Buy now
 * and Add to Cart, each replayed by the app. `data-price-choices` names the product whose choices this
 * browser may keep (takeover.js brings the app at once when it holds one: the app shows it).
 */
function cartActions(texts: Texts, product: ProductDetails): string {
  const buyNow = takeoverButton('buy-now', buttonClass('default', 'lg'), `${icon('Zap')} ${escapeHtml(texts.orders('buyNow.button'))}`);
  const add = takeoverButton('add-to-cart', buttonClass('secondary', 'lg'), `${icon('ShoppingCart')} ${escapeHtml(texts.orders('cart.add'))}`);
  const buttons = `<div class="flex flex-col gap-3 sm:flex-row">${buyNow}${add}</div>`;
  if (!product.payWhatYouWant && !product.versions.length) return buttons;
  const picker = product.versions.length ? versionPicker(texts, product) : '';
  const price = product.payWhatYouWant ? namedPriceField(texts, product) : '';
  return `<div class="grid w-full gap-4" data-price-choices="${escapeHtml(product.id)}">${picker}${price}<div>${buttons}</div></div>`;
}

function reviewsSection(texts: Texts, reviews: ProductReviews, language: Language, creatorName: string): string {
  const average = reviews.averageRating;
  const summary =
    average !== null
      ? `<p class="flex items-center gap-3" data-testid="reviews-average">${stars(average)}<span class="font-semibold">${escapeHtml(texts.products('reviews.average', { average: texts.number(average), count: reviews.ratingCount }))}</span></p>`
      : `<div class="flex items-center gap-3 rounded-xl border border-dashed border-border bg-card/50 p-5 text-sm text-muted-foreground">${icon('Star', 'size-5 shrink-0 text-brand-soft')}<p>${escapeHtml(texts.products('reviews.none'))}</p></div>`;
  const date = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
  const items = reviews.items.map(
    (review) =>
      `<li class="grid gap-2 rounded-xl border border-border bg-card p-4" data-testid="review"><div class="flex items-center gap-3">${avatar(review.author.name, review.author.avatarUrl, 'size-9 text-sm')}<div class="min-w-0 flex-1"><p class="font-medium wrap-anywhere">${escapeHtml(review.author.name)}</p>${
        review.versionName ? `<p class="text-xs font-medium wrap-anywhere text-brand-soft" data-testid="review-version">${escapeHtml(texts.products('reviews.version', { name: review.versionName }))}</p>` : ''
      }<p class="text-xs text-muted-foreground">${escapeHtml(date(review.createdAt))}</p></div>${stars(review.rating)}<span class="sr-only">${escapeHtml(texts.products('reviews.rated', { rating: review.rating }))}</span></div>${
        review.body ? `<p class="text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-muted-foreground">${escapeHtml(review.body)}</p>` : ''
      }${review.reply ? `<div class="ml-3 grid gap-1 border-l-2 border-brand-soft/60 pl-3" data-testid="review-reply"><p class="text-sm font-medium wrap-anywhere">${escapeHtml(texts.products('reviews.replyFrom', { name: creatorName }))} <span class="text-xs font-normal text-muted-foreground">· ${escapeHtml(date(review.reply.repliedAt))}</span></p><p class="text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-muted-foreground">${escapeHtml(review.reply.body)}</p></div>` : ''}</li>`,
  );
  return `<div class="grid gap-5">${summary}${items.length ? `<ul class="grid gap-4" aria-label="${escapeHtml(texts.products('reviews.listLabel'))}">${items.join('')}</ul>` : ''}</div>`;
}

/** /store/product/{slug} for a guest: what product-page.tsx shows, and the API's answer for the app. */
export function productServerPage(product: ProductDetails, reviews: ProductReviews, address: string, language: Language, options: { withParameters?: boolean } = {}): ServerPageBody {
  const texts = textsOf(language);
  const { creator } = product;
  const p = texts.products;
  const tags = product.tags.length
    ? `<ul aria-label="${escapeHtml(p('product.tags'))}" class="flex flex-wrap gap-2">${product.tags
        .map(
          (tag) =>
            `<li><a href="/store?tags=${encodeURIComponent(tag)}" class="inline-block rounded-full bg-accent px-3 py-1 text-xs text-accent-foreground hover:bg-violet-500/30">${escapeHtml(tagLabel(texts, tag))}</a></li>`,
        )
        .join('')}</ul>`
    : '';
  const contact = takeoverButton('contact-creator', buttonClass('outline', 'lg'), `${icon('MessageSquare')} ${escapeHtml(p('product.contactCreator'))}`);
  const description = product.description
    ? markdownHtml(product.description, p('product.opensInNewTab'))
    : `<p class="leading-relaxed text-muted-foreground">${escapeHtml(p('product.noDescription'))}</p>`;
  const main = `<div class="mx-auto grid w-full max-w-6xl grid-cols-1 gap-10 px-4 py-8 sm:px-6 sm:py-12">
<a href="/store" class="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">${icon('ArrowLeft', 'size-4')} ${escapeHtml(p('notice.back'))}</a>
<article class="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:gap-12">${gallery(texts, product)}
<div class="grid content-start gap-5"><p class="w-fit rounded-full border border-violet-400/40 bg-violet-500/15 px-3 py-1 text-xs font-medium text-violet-100"><span class="sr-only">${escapeHtml(p('product.categoryLabel'))} </span>${escapeHtml(categoryLabel(texts, product.category))}</p>
<div class="grid gap-2"><h1 class="text-3xl font-bold tracking-tight break-words sm:text-4xl">${escapeHtml(product.name)}</h1><p class="wrap-anywhere text-muted-foreground">${escapeHtml(p('product.byPrefix'))} <a href="${storefrontPath(creator)}" class="font-medium text-brand-soft underline-offset-4 hover:underline">${escapeHtml(creator.name)}</a></p></div>
<p class="text-3xl font-bold tabular-nums" data-testid="product-price"><span class="sr-only">${escapeHtml(p('product.priceLabel'))} </span>${escapeHtml(priceText(texts, { ...product, hasVersions: product.versions.length > 0 }))}</p>
${tags}<div class="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">${cartActions(texts, product)}${contact}</div></div></article>
<div class="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:gap-12"><div class="grid content-start gap-8"><section aria-labelledby="product-description" class="grid gap-3"><h2 id="product-description" class="text-xl font-semibold">${escapeHtml(p('product.description'))}</h2>${description}</section>
<section id="reviews" aria-labelledby="product-reviews" class="grid scroll-mt-24 gap-3"><h2 id="product-reviews" class="text-xl font-semibold">${escapeHtml(p('reviews.title'))}</h2>${reviewsSection(texts, reviews, language, creator.name)}</section></div>
<section aria-labelledby="about-creator" class="grid content-start gap-4 rounded-2xl border border-border bg-card p-6"><h2 id="about-creator" class="text-xl font-semibold">${escapeHtml(p('product.aboutCreator'))}</h2><div class="flex items-center gap-4">${avatar(creator.name, creator.avatarUrl, 'size-14 text-lg')}<div class="min-w-0"><p class="font-semibold wrap-anywhere">${escapeHtml(creator.name)}</p><a href="${storefrontPath(creator)}" class="text-sm text-brand-soft underline-offset-4 hover:underline">${escapeHtml(p('product.visitStorefront'))}</a></div></div>${
    creator.bio ? `<p class="text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-muted-foreground">${escapeHtml(creator.bio)}</p>` : ''
  }${socialLinks(texts, creator.socialLinks, creator.name)}</section></div>
${updatesBox(texts, creator, 'updates')}
</div>`;
  return {
    main,
    // A membership's tiers are the app's; so is a discount code or an embed's Buy now in the address
    // (`withParameters`): the app comes at once, after the server's paint.
    eager: product.hasMembershipPlan || options.withParameters === true,
    queries: [
      { key: [STORE_QUERY_KEY, 'product', address], data: product },
      { key: [STORE_QUERY_KEY, 'reviews', product.id], data: reviews },
    ],
  };
}

/** ProductCard: the whole card one link to the product page, Buy now above it for a product bought as it is. */
function productCard(texts: Texts, product: StoreProduct, language: Language): string {
  const p = texts.products;
  const { average, count } = product.rating;
  const tags = product.tags.slice(0, CARD_TAGS_SHOWN);
  const price = product.hasVersions
    ? `${escapeHtml(p('product.fromCard'))} ${escapeHtml(texts.money(product.priceCents, product.currency))}`
    : product.payWhatYouWant
      ? escapeHtml(p('product.payWhatYouWantCard', { minimum: texts.money(product.priceCents, product.currency) }))
      : escapeHtml(texts.money(product.priceCents, product.currency));
  const rating =
    average !== null
      ? `${stars(average)}<span aria-hidden="true" class="tabular-nums">${escapeHtml(average.toLocaleString(language))} (${escapeHtml(count.toLocaleString(language))})</span><span class="sr-only">${escapeHtml(p('reviews.average', { average: average.toLocaleString(language), count }))}</span>`
      : escapeHtml(p('reviews.noneShort'));
  const tagList = tags.length
    ? `<ul aria-label="${escapeHtml(p('product.tags'))}" class="mt-auto flex flex-wrap gap-1.5 pt-1">${tags.map((tag) => `<li class="rounded-full bg-accent px-2.5 py-0.5 text-xs text-accent-foreground">${escapeHtml(tagLabel(texts, tag))}</li>`).join('')}</ul>`
    : '';
  const buy =
    !product.owned && !product.hasVersions && !product.payWhatYouWant
      ? `<div class="relative z-10 pt-2 ${tags.length ? '' : 'mt-auto'}">${takeoverButton(`buy-now:${product.id}`, buttonClass('default', 'sm'), `${icon('Zap')} ${escapeHtml(texts.orders('buyNow.button'))}`, `aria-label="${escapeHtml(texts.orders('buyNow.cardLabel', { name: product.name }))}"`)}</div>`
      : '';
  return `<article data-testid="product-card" class="group relative flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-lg shadow-black/20 transition hover:-translate-y-0.5 hover:border-violet-500/50 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring"><div class="aspect-[16/10] overflow-hidden bg-muted"><img src="${escapeHtml(product.cardUrl ?? fallbackCover(product.category))}" alt="" loading="lazy" width="480" height="300" class="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"></div><div class="flex flex-1 flex-col gap-2 p-4"><div class="flex items-start justify-between gap-3"><h3 title="${escapeHtml(product.name)}" class="line-clamp-2 min-w-0 font-semibold leading-snug break-words"><a href="${escapeHtml(productPath(product))}" class="after:absolute after:inset-0 focus-visible:outline-none">${escapeHtml(product.name)}</a></h3><p class="shrink-0 font-semibold text-brand-soft tabular-nums"><span class="sr-only">${escapeHtml(p('product.priceLabel'))} </span>${price}</p></div><p class="truncate text-sm text-muted-foreground">${escapeHtml(p('product.by', { name: product.creator.name }))}</p><p class="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="card-rating">${rating}</p>${
    product.description ? `<p class="line-clamp-2 text-sm text-muted-foreground/90">${escapeHtml(product.description)}</p>` : ''
  }${tagList}${buy}</div></article>`;
}

/** One ProductCard in the visitor's language, for the marketplace's grid (products/server-page-store.ts). */
export const storeProductCard = (product: StoreProduct, language: Language) => productCard(textsOf(language), product, language);
/** A tag's name in the visitor's language, for the marketplace's tag filter. */
export const storeTagLabel = (tag: string, language: Language) => tagLabel(textsOf(language), tag);

/** ProductGrid's cards (or its empty state), for the storefront and the marketplace. */
export function productGrid(products: StoreProductsPage, language: Language, emptyHint?: string): string {
  const texts = textsOf(language);
  const p = texts.products;
  if (products.items.length === 0) {
    return `<div class="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card/50 px-6 py-16 text-center"><span class="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">${icon('PackageSearch', 'size-6')}</span><h3 class="text-lg font-semibold">${escapeHtml(p('grid.empty'))}</h3><p class="max-w-sm text-sm text-muted-foreground">${escapeHtml(emptyHint ?? p('grid.emptyHint'))}</p></div>`;
  }
  const cards = products.items.map((product) => `<li class="flex"><div class="flex w-full [&>article]:w-full">${productCard(texts, product, language)}</div></li>`).join('');
  const pages = Math.max(1, Math.ceil(products.total / products.pageSize));
  const first = (products.page - 1) * products.pageSize + 1;
  const last = Math.min(products.total, products.page * products.pageSize);
  const paging =
    pages > 1
      ? `<nav aria-label="${escapeHtml(p('grid.pages'))}" class="flex flex-col items-center justify-between gap-3 border-t border-border pt-4 sm:flex-row"><p class="text-sm text-muted-foreground">${escapeHtml(p('grid.showing', { first, last, total: products.total.toLocaleString(language) }))}</p></nav>`
      : '';
  return `<div class="grid gap-6"><ul aria-label="${escapeHtml(p('grid.label'))}" aria-busy="false" class="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3 ">${cards}</ul>${paging}</div>`;
}


/**
 * StoreBrowser's search box, sort order and results heading around the grid (a storefront's: no chips
 * or sidebar). The fields have the app's names, so what a visitor types before the app is there stays.
 */
export function storeBrowser(products: StoreProductsPage, language: Language, options: { placeholder: string; grid: string }): string {
  const texts = textsOf(language);
  const p = texts.products;
  const sortOptions = STORE_SORTS.map((sort) => `<option value="${sort}"${sort === 'newest' ? ' selected' : ''}>${escapeHtml(p(`sort.${STORE_SORT_KEYS[sort]}`))}</option>`).join('');
  return `<div class="grid gap-6"><div class="flex flex-col gap-4 sm:flex-row sm:items-end"><div class="min-w-0 flex-1"><div class="grid gap-2"><label for="store-search" class="${LABEL_CLASS}">${escapeHtml(p('search.label'))}</label><div class="relative">${icon('Search', 'pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground')}<input id="store-search" name="q" type="search" maxlength="200" placeholder="${escapeHtml(options.placeholder)}" class="${INPUT_CLASS} pl-9" value=""></div></div></div><div class="flex items-end gap-3"><div class="flex-1 sm:w-52 sm:flex-none"><div class="grid gap-2"><label for="store-sort" class="${LABEL_CLASS}">${escapeHtml(p('sort.label'))}</label><select id="store-sort" name="sort" class="h-10 cursor-pointer rounded-lg border border-input bg-muted/60 px-3 text-sm text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/60">${sortOptions}</select></div></div></div></div><div class="grid gap-8"><section aria-labelledby="store-results" class="min-w-0 scroll-mt-24"><div class="mb-4 flex items-center justify-between gap-3"><h2 id="store-results" class="text-lg font-semibold" aria-live="polite">${escapeHtml(p('grid.count', { count: products.total, formatted: products.total.toLocaleString(language) }))}</h2></div>${options.grid}</section></div></div>`;
}

/** The query a storefront's first view makes (StoreBrowser with its filters unset): its react-query key and the API's parameters. */
export const STOREFRONT_PAGE_SIZE = 12;
export const storefrontProductsKey = (creator: string) => [STORE_QUERY_KEY, 'products', { tags: [], creator, sort: 'newest', page: 1, pageSize: STOREFRONT_PAGE_SIZE }] as const;
export const storefrontCreatorKey = (address: string) => [STORE_QUERY_KEY, 'creator', address] as const;

/** /store/{slug} for a guest: the creator's header, their products and "Get updates". */
export function storefrontServerPage(creator: CreatorProfile, products: StoreProductsPage, address: string, language: Language): ServerPageBody {
  const texts = textsOf(language);
  const p = texts.products;
  const queries = [
    { key: storefrontCreatorKey(address), data: creator },
    { key: storefrontProductsKey(creator.slug || creator.id), data: products },
  ];
  const browser = (grid: string) => storeBrowser(products, language, { placeholder: p('search.storefront'), grid });
  const main = `<div class="mx-auto grid w-full max-w-7xl gap-10 px-4 py-10 sm:px-6 sm:py-14"><header class="relative overflow-hidden rounded-2xl border border-border bg-card p-6 sm:p-8"><div aria-hidden="true" class="pointer-events-none absolute inset-0 bg-gradient-to-br from-violet-600/25 via-transparent to-fuchsia-600/15"></div><div class="relative flex flex-col gap-5 sm:flex-row sm:items-center">${avatar(creator.name, creator.avatarUrl, 'size-20 text-2xl sm:size-24')}<div class="grid min-w-0 gap-2"><p class="flex items-center gap-1.5 text-xs font-medium tracking-wide text-brand-soft uppercase">${icon('Store', 'size-3.5')} ${escapeHtml(p('storefront.label'))}</p><h1 class="text-2xl font-bold tracking-tight break-words sm:text-3xl">${escapeHtml(creator.name)}</h1>${
    creator.bio ? `<p class="max-w-2xl whitespace-pre-line text-muted-foreground">${escapeHtml(creator.bio)}</p>` : ''
  }${socialLinks(texts, creator.socialLinks, creator.name)}${portfolio(texts, creator)}</div></div></header>${browser(productGrid(products, language, p('grid.creatorNothingYet')))}${updatesBox(texts, creator, 'updates')}</div>`;
  return { main, queries };
}
