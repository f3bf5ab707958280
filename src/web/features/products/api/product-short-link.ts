import { useMutation } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** POST /api/products/{id}/short-link: the store's short link to the product's page, made on first use. */
export const productShortLink = (id: string) => call('POST /api/products/:id/short-link', { params: { id } });

export function useProductShortLink() {
  return useMutation({ mutationFn: productShortLink });
}
