import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatorPageForm } from '#shared/creator-page.ts';
import { call } from '#web/lib/api.ts';

/** GET /api/creator-page: my page's theme, accent colour and blocks (defaults before the first save). */
export const creatorPageQueryOptions = () => queryOptions({ queryKey: ['creator-page'], queryFn: () => call('GET /api/creator-page') });
export const useCreatorPage = () => useQuery(creatorPageQueryOptions());

/** GET /api/creator-page/stats: views and clicks per block over the last 30 days. */
export const useCreatorPageStats = () => useQuery({ queryKey: ['creator-page', 'stats'], queryFn: () => call('GET /api/creator-page/stats') });

/** GET /api/my/products: the products a products block can show. */
export const useMyProducts = () => useQuery({ queryKey: ['creator-page', 'products'], queryFn: () => call('GET /api/my/products') });

/** PUT /api/creator-page: saves; link blocks come back with their short link's code. */
export function useSaveCreatorPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: CreatorPageForm) => call('PUT /api/creator-page', { body: form }),
    onSuccess: (page) => queryClient.setQueryData(creatorPageQueryOptions().queryKey, page),
  });
}

/** POST /api/creator-page/preview: the page's HTML for unsaved settings. */
export const previewCreatorPage = (form: CreatorPageForm) => call('POST /api/creator-page/preview', { body: form });
