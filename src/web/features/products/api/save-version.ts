import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '#web/lib/api-routes.ts';
import { uploadForm } from '#web/lib/upload.ts';
import { MY_PRODUCTS_QUERY_KEY } from './types.ts';

/** The version form's fields, as sent (multipart); a file only when one was chosen. */
export interface VersionFormValues {
  name: string;
  price: string;
  description: string;
  file?: File | undefined;
}

export interface SaveVersionInput {
  productId: string;
  /** Absent: a new version (POST); present: a change to it (PATCH). */
  versionId?: string;
  values: VersionFormValues;
  onProgress?: (fraction: number) => void;
}

/** POST /api/products/{id}/versions, or PATCH …/versions/{versionId}: the fields, and a new file when chosen. */
export async function saveVersion({ productId, versionId, values, onProgress }: SaveVersionInput) {
  const body = new FormData();
  body.set('name', values.name.trim());
  body.set('price', values.price.trim());
  body.set('description', values.description.trim());
  if (values.file) body.set('file', values.file);
  const path = `/api/products/${encodeURIComponent(productId)}/versions${versionId ? `/${encodeURIComponent(versionId)}` : ''}`;
  const { versions } = await uploadForm<ResponseOf<'POST /api/products/:id/versions'>>(path, body, { method: versionId ? 'PATCH' : 'POST', onProgress });
  return versions;
}

export function useSaveVersion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveVersion, onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_PRODUCTS_QUERY_KEY }) });
}
