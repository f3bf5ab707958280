import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm } from '#web/lib/upload.ts';

/** PATCH /api/products/{id} as multipart with only a `cover` file: replaces that product's cover image. */
export function setProductCover({ productId, image, fileName }: { productId: string; image: Blob; fileName: string }): Promise<unknown> {
  const body = new FormData();
  body.append('cover', new File([image], fileName, { type: image.type || 'image/png' }));
  return uploadForm(`/api/products/${encodeURIComponent(productId)}`, body, { method: 'PATCH' });
}

export function useSetProductCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProductCover,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['my-products'] }),
  });
}
