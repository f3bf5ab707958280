import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readStoreFilters, writeStoreFilters, type StoreFilters } from '#shared/products-store.ts';

/**
 * The marketplace filters live in the URL (?q=&category=&maxPrice=&tags=&sort=&page=), so a filtered
 * view can be shared and Back returns to the previous one. Any change but paging starts at page 1.
 */
export function useStoreFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readStoreFilters(params), [params]);

  const update = useCallback(
    (changes: Partial<StoreFilters>) => {
      setParams(
        (previous) => {
          const current = readStoreFilters(previous);
          return writeStoreFilters({ ...current, page: 1, ...changes });
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
        (previous) => writeStoreFilters({ q: '', category: 'All', maxPrice: undefined, tags: [], sort: readStoreFilters(previous).sort, page: 1 }),
        { preventScrollReset: true },
      ),
    [setParams],
  );

  const active = filters.q !== '' || filters.category !== 'All' || filters.maxPrice !== undefined || filters.tags.length > 0;
  return { filters, update, clear, active };
}
