import { useSyncExternalStore } from 'react';
import { CART_MAX_ITEMS } from '#shared/orders.ts';

/**
 * What the browser keeps between visits: a guest's product ids (signed-in carts live on the server),
 * and the order being paid, so the cart empties once that order is paid, even after a trip to Stripe.
 */
export interface GuestCartState {
  productIds: string[];
  pendingOrder: { id: string; productIds: string[] } | null;
}

const STORAGE_KEY = 'zerri.cart';
const EMPTY: GuestCartState = { productIds: [], pendingOrder: null };
const listeners = new Set<() => void>();
let cached: { raw: string | null; state: GuestCartState } | undefined;

function read(): GuestCartState {
  const raw = globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  if (cached && cached.raw === raw) return cached.state;
  let state = EMPTY;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<GuestCartState>) : {};
    state = {
      productIds: Array.isArray(parsed.productIds) ? parsed.productIds.filter((id) => typeof id === 'string').slice(0, CART_MAX_ITEMS) : [],
      pendingOrder: parsed.pendingOrder && typeof parsed.pendingOrder.id === 'string' ? parsed.pendingOrder : null,
    };
  } catch {
    state = EMPTY;
  }
  cached = { raw, state };
  return state;
}

function write(next: GuestCartState) {
  globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

export const guestCart = {
  read,
  add(productId: string) {
    const state = read();
    if (!state.productIds.includes(productId)) write({ ...state, productIds: [...state.productIds, productId].slice(0, CART_MAX_ITEMS) });
  },
  remove(productIds: string[]) {
    const state = read();
    write({ ...state, productIds: state.productIds.filter((id) => !productIds.includes(id)) });
  },
  clearItems() {
    write({ ...read(), productIds: [] });
  },
  setPendingOrder(pendingOrder: GuestCartState['pendingOrder']) {
    write({ ...read(), pendingOrder });
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the cart.
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useGuestCart(): GuestCartState {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}
