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
  /** Edit: the product's address (empty: unchanged). */
  slug?: string;
  /** Upload: "Save as draft" (not published). */
  draft?: boolean;
  /** The gallery after the save, in order (absent: left as it is). */
  gallery?: GalleryEntry[];
}

/** A gallery image in the form: one the product has, or a file chosen to add. */
export type GalleryEntry = { kind: 'saved'; id: string; url: string } | { kind: 'new'; key: string; file: File };

/**
 * Puts a gallery into a product form: the new files as image0, image1, … and `images`, the order
 * (saved images by id, new ones by their part's name). Images left out are removed on save.
 */
export function appendGallery(body: FormData, gallery: GalleryEntry[] | undefined) {
  if (!gallery) return;
  let added = 0;
  const order = gallery.map((entry) => {
    if (entry.kind === 'saved') return entry.id;
    const part = `image${added++}`;
    body.set(part, entry.file);
    return part;
  });
  body.set('images', order.join(','));
}
