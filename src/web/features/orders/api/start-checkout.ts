import { useMutation } from '@tanstack/react-query';
import type { ChosenVersion, Gift, NamedPrice } from '#shared/orders-forms.ts';
import { call } from '#web/lib/api.ts';

export type { PaymentStart } from './types.ts';

/** POST /api/checkout: makes an order of the cart; the buyer then pays it (card form here, or Stripe's page). */
export const startCheckout = (body: {
  email: string;
  productIds: string[];
  gifts?: Gift[];
  discountCode?: string;
  prices?: NamedPrice[];
  versions?: ChosenVersion[];
  /** ISO 3166-1 alpha-2; the server asks for it where the deployment adds tax (country_required). */
  country?: string;
  vatNumber?: string;
  /** From the product page's Buy now: leaving Stripe's page goes back there. */
  buyNow?: boolean;
}) =>
  call('POST /api/checkout', { body });

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
