// The marketplace's filters as its address says them (?q=&category=&maxPrice=&tags=&sort=&page=): read
// and written the same way by the app (features/products/utils/use-store-filters.ts) and by the page the
// server writes for a guest (modules/products/server-page-store.ts), and its orders as the API takes them.
import { FILTER_CATEGORIES, parseTags } from './products.ts';

export const STORE_SORTS = ['newest', 'popular', 'price_asc', 'price_desc'] as const;
export type StoreSort = (typeof STORE_SORTS)[number];
/** Each order's name among the products namespace's words (`sort.<key>`). */
export const STORE_SORT_KEYS: Record<StoreSort, string> = { newest: 'newest', popular: 'popular', price_asc: 'priceAsc', price_desc: 'priceDesc' };

/** Products per page of the marketplace. */
export const STORE_PAGE_SIZE = 12;
/** The last page the API gives (GET /api/store/products's `page`). */
const LAST_PAGE = 1000;

export type FilterCategory = (typeof FILTER_CATEGORIES)[number];

export interface StoreFilters {
  q: string;
  category: FilterCategory;
  /** Whole dollars; undefined = no upper limit (the slider at its maximum). */
  maxPrice: number | undefined;
  tags: string[];
  sort: StoreSort;
  page: number;
}

const isFilterCategory = (value: string | null): value is FilterCategory => value !== null && (FILTER_CATEGORIES as readonly string[]).includes(value);
const isSort = (value: string | null): value is StoreSort => value !== null && (STORE_SORTS as readonly string[]).includes(value);

/** The filters of an address; anything unknown or out of range is left at its default. */
export function readStoreFilters(params: URLSearchParams): StoreFilters {
  const category = params.get('category');
  const sort = params.get('sort');
  const maxPrice = Number(params.get('maxPrice'));
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.trim().slice(0, 200) ?? '',
    category: isFilterCategory(category) ? category : 'All',
    maxPrice: params.has('maxPrice') && params.get('maxPrice') !== '' && Number.isFinite(maxPrice) && maxPrice >= 0 ? maxPrice : undefined,
    tags: parseTags(params.get('tags') ?? ''),
    sort: isSort(sort) ? sort : 'newest',
    page: Number.isInteger(page) && page > 1 ? Math.min(page, LAST_PAGE) : 1,
  };
}

/** The address's parameters of these filters, defaults left out. */
export function writeStoreFilters(filters: StoreFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category !== 'All') params.set('category', filters.category);
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.tags.length > 0) params.set('tags', filters.tags.join(','));
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}
