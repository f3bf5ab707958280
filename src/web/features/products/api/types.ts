import type { Category } from '#shared/products.ts';

/** A product as its creator sees it (GET /api/my/products, POST and PATCH /api/products). */
export interface OwnProduct {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  category: Category;
  tags: string[];
  coverUrl: string | null;
  cardUrl: string | null;
  fileName: string;
  fileSize: number;
  views: number;
  salesCount: number;
  /** Hidden from the marketplace by an admin. */
  hidden: boolean;
  createdAt: string;
  updatedAt: string;
}

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
}
