
export type { CreatorProfile, ProductRating, StoreCreator, StoreProduct } from '#shared/products-api.ts';

/** Every query of this feature starts with this key; `products.changed` invalidates them all. */
export const STORE_QUERY_KEY = ['store'] as const;
