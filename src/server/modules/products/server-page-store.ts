// The marketplace `/store` as the server writes it for a visitor without a session (decision 037): the
// page of src/web/features/products/pages/store-page.tsx (StoreBrowser, ProductGrid, ProductCard) with
// the same Tailwind classes, its results read as GET /api/store/products answers them. The search and
// the filters are one GET form and the pages are links, so a guest searches before the app has taken
// over (and without it); the app's inputs have the same names, so what was typed is carried over.
import { FILTER_CATEGORIES, PRICE_SLIDER_STEP, priceSliderRange } from '#shared/products.ts';
import { readStoreFilters, STORE_PAGE_SIZE, STORE_SORT_KEYS, STORE_SORTS, type StoreFilters, writeStoreFilters } from '#shared/products-store.ts';
import type { StoreProductsPage } from '#shared/products-api.ts';
import type { Language } from '#shared/profiles.ts';
import productsEn from '../../../web/locales/en/products.json';
import productsEs from '../../../web/locales/es/products.json';
import productsFr from '../../../web/locales/fr/products.json';
import type { PageMetaResolver } from '../../platform/context.ts';
import { escapeHtml as e } from '../../platform/html.ts';
import { pageLanguage } from '../../platform/mail-language.ts';
import { translator, type Translate } from '../../platform/locale-texts.ts';
import { icon } from '../../platform/page-icons.ts';
import { buttonClass, INPUT_CLASS, LABEL_CLASS } from '../../platform/server-page.ts';
import { storeProductCard, storeTagLabel } from './server-pages.ts';
import type { StoreQuery } from './service.ts';

const productsTexts = { en: productsEn, es: productsEs, fr: productsFr };

function storeHref(filters: StoreFilters): string {
  const query = writeStoreFilters(filters).toString();
  return query ? `/store?${query}` : '/store';
}

/** GET /api/store/products's query for these filters, as the app's StoreBrowser asks it. */
export function storeSearchQuery(filters: StoreFilters) {
  return {
    q: filters.q || undefined,
    category: filters.category,
    maxPrice: filters.maxPrice,
    tags: filters.tags.length ? filters.tags.join(',') : undefined,
    sort: filters.sort,
    page: filters.page,
    pageSize: STORE_PAGE_SIZE,
  };
}

/**
 * The app's react-query key of these results (get-store-products.ts: `['store', 'products', params]`),
 * so the app starts from this answer instead of asking again; undefined values are left out, as the
 * key's hash leaves them out.
 */
export function storeQueryKey(filters: StoreFilters): readonly unknown[] {
  const params = {
    q: filters.q || undefined,
    category: filters.category,
    maxPrice: filters.maxPrice,
    tags: filters.tags,
    creator: undefined,
    sort: filters.sort,
    page: filters.page,
    pageSize: STORE_PAGE_SIZE,
  };
  return ['store', 'products', Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined))];
}

/** The page's title and description (the marketplace's words). */
export function storePageMeta(language: Language): { title: string; description: string } {
  const t = translator(productsTexts, language);
  return { title: t('marketplace.title'), description: t('marketplace.intro') };
}

const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3';

function chip(pressed: boolean, content: string, attributes: string, className = ''): string {
  return `<button type="submit" aria-pressed="${pressed}" ${attributes} class="inline-flex cursor-pointer items-center gap-1 rounded-full border ${className || 'px-3.5 py-1.5 text-sm'} font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ${pressed ? 'border-violet-400/70 bg-primary text-primary-foreground' : 'border-border bg-muted/60 text-muted-foreground hover:bg-accent hover:text-foreground'}">${content}</button>`;
}

function categoryLabel(category: string, t: Translate): string {
  const key = { eBook: 'ebook', Templates: 'templates', Software: 'software', Graphics: 'graphics', Video: 'video', Audio: 'audio', Course: 'course', ZIP: 'zip' }[category];
  return key ? t(`categories.${key}`) : category;
}

/**
 * The grid of results (product-grid.tsx) with its pages as links; `hrefOf(page)` is the address of a
 * page of these results. The first cards' images load at once: they are the first screen's.
 */
export function productGridHtml(
  data: StoreProductsPage,
  language: Language,
  options: { hrefOf: (page: number) => string; emptyHint: string; emptyAction?: string },
): string {
  const t = translator(productsTexts, language);
  if (data.items.length === 0) {
    return `<div class="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card/50 px-6 py-16 text-center"><span class="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">${icon('PackageSearch', 'size-6')}</span><h3 class="text-lg font-semibold">${e(t('grid.empty'))}</h3><p class="max-w-sm text-sm text-muted-foreground">${e(options.emptyHint)}</p>${options.emptyAction ?? ''}</div>`;
  }
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  const first = (data.page - 1) * data.pageSize + 1;
  const last = Math.min(data.total, data.page * data.pageSize);
  const cards = data.items
    .map((product, index) => {
      const card = storeProductCard(product, language);
      // The first row is the first screen's: not lazy (the app's cards are lazy, but render after the script).
      const eager = index < 2 ? card.replace(' loading="lazy"', ' fetchpriority="high"') : card;
      return `<li class="flex"><div class="flex w-full [&>article]:w-full">${eager}</div></li>`;
    })
    .join('');
  const pageLink = (page: number, content: string, enabled: boolean) =>
    enabled
      ? `<a href="${e(options.hrefOf(page))}" class="${buttonClass('outline', 'sm')}">${content}</a>`
      : `<button type="button" disabled class="${buttonClass('outline', 'sm')}">${content}</button>`;
  const pager =
    pageCount > 1
      ? `<nav aria-label="${e(t('grid.pages'))}" class="flex flex-col items-center justify-between gap-3 border-t border-border pt-4 sm:flex-row"><p class="text-sm text-muted-foreground">${e(t('grid.showing', { first, last, total: data.total.toLocaleString(language) }))}</p><div class="flex items-center gap-3 gap-2">${pageLink(data.page - 1, `${icon('ChevronLeft')} ${e(t('grid.previous'))}`, data.page > 1)}<span class="text-sm tabular-nums" aria-live="polite">${e(t('grid.pageOf', { page: data.page, pages: pageCount }))}</span>${pageLink(data.page + 1, `${e(t('grid.next'))} ${icon('ChevronRight')}`, data.page < pageCount)}</div></nav>`
      : '';
  return `<div class="grid gap-6"><ul aria-label="${e(t('grid.label'))}" aria-busy="false" class="${GRID} ">${cards}</ul>${pager}</div>`;
}

/** The price slider (price-slider.tsx): whole dollars from the lowest price's floor to the highest's ceiling. */
function priceSlider(id: string, data: StoreProductsPage, value: number | undefined, t: Translate, language: Language): string {
  const dollars = (amount: number) => new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(amount);
  const range = priceSliderRange(data.facets.minCents, data.facets.maxCents);
  const top = range.min + Math.ceil((range.max - range.min) / PRICE_SLIDER_STEP) * PRICE_SLIDER_STEP;
  const current = value === undefined ? top : Math.min(Math.max(value, range.min), top);
  const shown = current >= top ? t('price.upTo', { amount: dollars(range.max) }) : t('price.upTo', { amount: dollars(current) });
  const valueText = current >= top ? t('price.any', { amount: dollars(range.max) }) : t('price.upTo', { amount: dollars(current) });
  return `<div class="grid gap-3"><div class="flex items-baseline justify-between gap-2"><label for="${id}" class="${LABEL_CLASS}">${e(t('price.label'))}</label><output for="${id}" class="text-sm font-medium tabular-nums text-brand-soft">${e(shown)}</output></div>
<input id="${id}" type="range" name="maxPrice" min="${range.min}" max="${top}" step="${PRICE_SLIDER_STEP}" value="${current}" aria-valuetext="${e(valueText)}" class="w-full cursor-pointer accent-violet-500 disabled:cursor-not-allowed">
<div class="flex justify-between text-xs text-muted-foreground tabular-nums" aria-hidden="true"><span>${e(dollars(range.min))}</span><span>${e(dollars(range.max))}</span></div></div>`;
}

/**
 * The marketplace's content of `<main>`. One GET form holds the search, the sort, the category and tag
 * chips (submit buttons naming their choice) and the price; the other choices ride along as hidden
 * fields or the form's own fields.
 */
export function renderStorePage(data: StoreProductsPage, filters: StoreFilters, language: Language): string {
  const t = translator(productsTexts, language);
  const id = 'store';
  const active = filters.q !== '' || filters.category !== 'All' || filters.maxPrice !== undefined || filters.tags.length > 0;
  const sidebarFilterCount = filters.tags.length + (filters.maxPrice === undefined ? 0 : 1);
  const clearHref = storeHref({ q: '', category: 'All', maxPrice: undefined, tags: [], sort: filters.sort, page: 1 });
  const clearButton = active
    ? `<a href="${e(clearHref)}" class="${buttonClass('outline')}">${icon('X')} ${e(t('filters.clear'))}</a>`
    : `<button type="button" disabled class="${buttonClass('outline')}">${icon('X')} ${e(t('filters.clear'))}</button>`;
  const tagOptions = [...new Set([...data.facets.tags, ...filters.tags])];
  const toggled = (tag: string) => (filters.tags.includes(tag) ? filters.tags.filter((existing) => existing !== tag) : [...filters.tags, tag]).join(',');
  const tagChips = tagOptions.length
    ? `<div role="group" aria-labelledby="${id}-tags" class="flex flex-wrap gap-2">${tagOptions.map((tag) => chip(filters.tags.includes(tag), e(storeTagLabel(tag, language)), `name="tags" value="${e(toggled(tag))}"`, 'px-3 py-1 text-xs')).join('')}</div>`
    : `<p class="text-sm text-muted-foreground">${e(t('filters.noTags'))}</p>`;
  // Enter in the search box submits with the form's first submit button: the hidden one, which names
  // no choice. The current category and tags ride along, after the chips: a chip's own value comes first in the
  // query, and the first value of a name is the one read.
  const current = [
    filters.category !== 'All' ? `<input type="hidden" name="category" value="${e(filters.category)}">` : '',
    filters.tags.length ? `<input type="hidden" name="tags" value="${e(filters.tags.join(','))}">` : '',
  ].join('');
  const categoryChips = FILTER_CATEGORIES.map((category) =>
    chip(filters.category === category, e(category === 'All' ? t('chips.all') : categoryLabel(category, t)), `name="category" value="${category}"`),
  ).join('');
  const count = data.total;
  const grid = productGridHtml(data, language, {
    hrefOf: (page) => storeHref({ ...filters, page }),
    emptyHint: active ? t('grid.noMatch') : t('grid.nothingYet'),
    emptyAction: active ? clearButton : undefined,
  });
  return `<div class="mx-auto grid w-full max-w-7xl gap-8 px-4 py-10 sm:px-6 sm:py-14">
<header class="grid gap-2"><h1 class="text-3xl font-bold tracking-tight sm:text-4xl">${e(t('marketplace.title'))}</h1><p class="max-w-2xl text-muted-foreground">${e(t('marketplace.intro'))}</p></header>
<form method="get" action="/store" class="grid gap-6"><button type="submit" hidden tabindex="-1">${e(t('search.label'))}</button>
<div class="flex flex-col gap-4 sm:flex-row sm:items-end"><div class="min-w-0 flex-1"><div class="grid gap-2"><label for="${id}-search" class="${LABEL_CLASS}">${e(t('search.label'))}</label><div class="relative">${icon('Search', 'pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground')}<input id="${id}-search" type="search" name="q" value="${e(filters.q)}" maxlength="200" placeholder="${e(t('search.marketplace'))}" class="${INPUT_CLASS} pl-9"></div></div></div>
<div class="flex items-end gap-3"><div class="flex-1 sm:w-52 sm:flex-none"><div class="grid gap-2"><label for="${id}-sort" class="${LABEL_CLASS}">${e(t('sort.label'))}</label><select id="${id}-sort" name="sort" class="h-10 cursor-pointer rounded-lg border border-input bg-muted/60 px-3 text-sm text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/60">${STORE_SORTS.map((sort) => `<option value="${sort}"${sort === filters.sort ? ' selected' : ''}>${e(t(`sort.${STORE_SORT_KEYS[sort]}`))}</option>`).join('')}</select></div></div>
<button type="button" data-takeover="store-filters" aria-expanded="false" aria-controls="${id}-filters" class="${buttonClass('outline')} lg:hidden">${icon('SlidersHorizontal')} ${e(t('filters.title'))}${sidebarFilterCount > 0 ? `<span class="rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground tabular-nums">${sidebarFilterCount}<span class="sr-only"> ${e(t('filters.active'))}</span></span>` : ''}</button></div></div>
<div role="group" aria-label="${e(t('filters.categories'))}" class="flex flex-wrap gap-2">${categoryChips}</div>
<div class="grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
<aside id="${id}-filters" aria-label="${e(t('filters.title'))}" class="hidden lg:block"><div class="grid gap-6 rounded-xl border border-border bg-card p-5 lg:sticky lg:top-24"><h2 class="text-base font-semibold">${e(t('filters.title'))}</h2>${priceSlider(`${id}-price`, data, filters.maxPrice, t, language)}<div class="grid gap-3"><h3 id="${id}-tags" class="text-sm font-medium">${e(t('filters.tags'))}</h3>${tagChips}</div>${clearButton}</div></aside>
<section aria-labelledby="${id}-results" class="min-w-0 scroll-mt-24"><div class="mb-4 flex items-center justify-between gap-3"><h2 id="${id}-results" class="text-lg font-semibold" aria-live="polite">${e(t('grid.count', { count, formatted: count.toLocaleString(language) }))}</h2></div>${grid}</section>
</div>${current}</form></div>`;
}

/**
 * `/store`: its title and description for everyone, and for a guest or a bot the page itself with the
 * results of its address's filters (decision 037), which the app starts from.
 */
export function storePageResolver(store: { search: (query: StoreQuery) => Promise<StoreProductsPage> }): PageMetaResolver {
  return async (pathname, request) => {
    if (pathname !== '/store' && pathname !== '/store/') return undefined;
    return {
      ...storePageMeta(pageLanguage(request.headers)),
      serverPage: async (language) => {
        const filters = readStoreFilters(new URL(request.url, 'http://localhost').searchParams);
        const data = await store.search(storeSearchQuery(filters));
        return {
          main: renderStorePage(data, filters, language),
          queries: [{ key: storeQueryKey(filters), data }],
        };
      },
    };
  };
}
