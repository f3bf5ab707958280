/** A product in a cart, priced now (GET /api/cart, POST /api/cart/quote). */
export interface CartItem {
  id: string;
  name: string;
  priceCents: number;
  category: string;
  cardUrl: string | null;
  creator: { id: string; name: string };
}

export interface CartContents {
  items: CartItem[];
  totalCents: number;
}

/** Every cart query starts with this key. */
export const CART_QUERY_KEY = ['cart'] as const;
