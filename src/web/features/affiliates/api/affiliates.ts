import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductAffiliates } from '#shared/affiliates-api.ts';
import { call } from '#web/lib/api.ts';

export type { Affiliation, ProductAffiliates } from '#shared/affiliates-api.ts';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const AFFILIATES_QUERY_KEY = ['affiliates'] as const;

/** GET /api/affiliates: the products the signed-in user joined, with their clicks, sales and earnings. */
export const myAffiliationsQueryOptions = () =>
  queryOptions({ queryKey: [...AFFILIATES_QUERY_KEY, 'mine'], queryFn: ({ signal }) => call('GET /api/affiliates', { signal }) });

export const useMyAffiliations = () => useQuery(myAffiliationsQueryOptions());

const productKey = (productId: string) => [...AFFILIATES_QUERY_KEY, 'product', productId] as const;

/** GET /api/affiliates/products/{productId}: the product's program as the visitor sees it. */
export const useProductAffiliates = (productId: string) =>
  useQuery({ queryKey: productKey(productId), queryFn: ({ signal }) => call('GET /api/affiliates/products/:productId', { params: { productId }, signal }) });

/** A change of the product's program: the answer replaces the cached one; the affiliate's list refreshes. */
function useProgramChange<Input>(productId: string, change: (input: Input) => Promise<ProductAffiliates>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => {
      queryClient.setQueryData(productKey(productId), answer);
      void queryClient.invalidateQueries({ queryKey: [...AFFILIATES_QUERY_KEY, 'mine'] });
    },
  });
}

/** PUT (a percent) or DELETE (null) /api/affiliates/products/{productId}: the creator opens, changes or closes. */
export const useSaveCommission = (productId: string) =>
  useProgramChange(productId, (commissionPercent: number | null) =>
    commissionPercent === null
      ? call('DELETE /api/affiliates/products/:productId', { params: { productId } })
      : call('PUT /api/affiliates/products/:productId', { params: { productId }, body: { commissionPercent } }),
  );

/** POST /api/affiliates/products/{productId}/join: the visitor's own short link to the product. */
export const useJoinProduct = (productId: string) =>
  useProgramChange(productId, () => call('POST /api/affiliates/products/:productId/join', { params: { productId }, body: {} }));
