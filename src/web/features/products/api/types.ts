import type { Category } from '#shared/products.ts';

/** A product as its creator sees it (GET /api/my/products, POST and PATCH /api/products). */
export type { OwnProduct } from '#shared/products-api.ts';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const MY_PRODUCTS_QUERY_KEY = ['my-products'] as const;

/** The fields of the upload and edit forms, as sent (multipart). */
export interface ProductFormValues {
  name: string;
  price: string;
  description: string;
  category: Category;
  tags: string;
  file: File | null;
  cover: File | null;
  removeCover: boolean;
  /** "Generate a unique license key per sale". */
  licenseKeys: boolean;
  /** "Let buyers pay what they want": the price is then the minimum. */
  payWhatYouWant: boolean;
  /** Pay what you want: the suggested price as typed, empty for none. */
  suggestedPrice: string;
}
