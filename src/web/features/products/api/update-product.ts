import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '#web/lib/api-routes.ts';
import { uploadForm } from '#web/lib/upload.ts';
import { appendGallery, MY_PRODUCTS_QUERY_KEY, type OwnProduct, type ProductFormValues } from './types.ts';

export interface UpdateProductInput {
  id: string;
  values: ProductFormValues;
  onProgress?: (fraction: number) => void;
}

/** PATCH /api/products/{id} (multipart): every field, and a new file or cover only when chosen. */
export async function updateProduct({ id, values, onProgress }: UpdateProductInput): Promise<OwnProduct> {
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
  if (values.removeCover && !values.cover) body.set('removeCover', 'true');
  if (values.slug) body.set('slug', values.slug);
  if (values.cover) body.set('cover', values.cover);
  appendGallery(body, values.gallery);
  if (values.file) body.set('file', values.file);
  const { product } = await uploadForm<ResponseOf<'PATCH /api/products/:id'>>(`/api/products/${encodeURIComponent(id)}`, body, {
    method: 'PATCH',
    onProgress,
  });
  return product;
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_PRODUCTS_QUERY_KEY }),
  });
}
