import { useMutation } from '@tanstack/react-query';
import type { ContactCreatorInput } from '#shared/products-contact.ts';
import { call } from '#web/lib/api.ts';

/** POST /api/products/{id}/contact: the message is mailed to the creator, who answers by e-mail. */
export const contactCreator = ({ productId, ...message }: ContactCreatorInput & { productId: string }) =>
  call('POST /api/products/:id/contact', { params: { id: productId }, body: message });

export function useContactCreator() {
  return useMutation({ mutationFn: contactCreator });
}
