import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { FILTER_CATEGORIES, parseTags } from '#shared/products.ts';
import { STORE_SORTS, type StoreSort } from '../api/get-store-products.ts';

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

const isFilterCategory = (value: string | null): value is FilterCategory =>
  value !== null && (FILTER_CATEGORIES as readonly string[]).includes(value);
const isSort = (value: string | null): value is StoreSort => value !== null && (STORE_SORTS as readonly string[]).includes(value);

function readFilters(params: URLSearchParams): StoreFilters {
  const category = params.get('category');
  const sort = params.get('sort');
  const maxPrice = Number(params.get('maxPrice'));
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.trim() ?? '',
    category: isFilterCategory(category) ? category : 'All',
    maxPrice: params.has('maxPrice') && Number.isFinite(maxPrice) && maxPrice >= 0 ? maxPrice : undefined,
    tags: parseTags(params.get('tags') ?? ''),
    sort: isSort(sort) ? sort : 'newest',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function writeFilters(filters: StoreFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category !== 'All') params.set('category', filters.category);
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.tags.length > 0) params.set('tags', filters.tags.join(','));
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * The marketplace filters live in the URL (?q=&category=&maxPrice=&tags=&sort=&page=), so a filtered
 * view can be shared and Back returns to the previous one. Any change but paging starts at page 1.
 */
export function useStoreFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);

  const update = useCallback(
    (changes: Partial<StoreFilters>) => {
      setParams(
        (previous) => {
          const current = readFilters(previous);
          return writeFilters({ ...current, page: 1, ...changes });
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );

  // Clears the filters; the chosen sort order stays.
  const clear = useCallback(
    () =>
      setParams(
        (previous) => writeFilters({ q: '', category: 'All', maxPrice: undefined, tags: [], sort: readFilters(previous).sort, page: 1 }),
        { preventScrollReset: true },
      ),
    [setParams],
  );

  const active = filters.q !== '' || filters.category !== 'All' || filters.maxPrice !== undefined || filters.tags.length > 0;
  return { filters, update, clear, active };
}
