export type { CartContents, CartItem, CheckoutStarted, LibraryItem, PaymentStart, PublicOrder } from '#shared/orders-api.ts';

/** Every cart query starts with this key. */
export const CART_QUERY_KEY = ['cart'] as const;
