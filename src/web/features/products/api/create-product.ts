import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '#web/lib/api-routes.ts';
import { uploadForm } from '#web/lib/upload.ts';
import { appendGallery, MY_PRODUCTS_QUERY_KEY, type OwnProduct, type ProductFormValues } from './types.ts';

export interface CreateProductInput {
  values: ProductFormValues;
  onProgress?: (fraction: number) => void;
}

/** POST /api/products (multipart, streamed): 201 { product }. The file goes last so the fields arrive first. */
export async function createProduct({ values, onProgress }: CreateProductInput): Promise<OwnProduct> {
  const body = new FormData();
  body.set('name', values.name.trim());
  body.set('price', values.price.trim());
  body.set('description', values.description);
  body.set('category', values.category);
  body.set('tags', values.tags);
  body.set('licenseKeys', String(values.licenseKeys));
  body.set('payWhatYouWant', String(values.payWhatYouWant));
  // Sent only with pay what you want: the stored suggestion is kept while it is off.
  if (values.payWhatYouWant) body.set('suggestedPrice', values.suggestedPrice.trim());
  if (values.draft) body.set('draft', 'true');
  if (values.cover) body.set('cover', values.cover);
  appendGallery(body, values.gallery);
  if (values.file) body.set('file', values.file);
  const { product } = await uploadForm<ResponseOf<'POST /api/products'>>('/api/products', body, { onProgress });
  return product;
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_PRODUCTS_QUERY_KEY }),
  });
}
