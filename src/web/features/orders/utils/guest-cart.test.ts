import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_MAX_ITEMS } from '#shared/orders.ts';
import { guestCart } from './guest-cart.ts';

// Unit tests run without a browser: a Map stands in for localStorage.
const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
});
const saved = () => JSON.parse(store.get('zerri.cart') ?? 'null') as unknown;

describe('guest cart (localStorage)', () => {
  beforeEach(() => store.clear());

  it('is empty without a stored cart, and after a damaged one', () => {
    expect(guestCart.read()).toEqual({ productIds: [], pendingOrder: null });
    store.set('zerri.cart', '{not json');
    expect(guestCart.read()).toEqual({ productIds: [], pendingOrder: null });
  });

  it('adds a product once, and keeps the order of adding', () => {
    guestCart.add('b');
    guestCart.add('a');
    guestCart.add('b');
    expect(guestCart.read().productIds).toEqual(['b', 'a']);
    expect(saved()).toEqual({ productIds: ['b', 'a'], pendingOrder: null });
  });

  it(`keeps at most ${CART_MAX_ITEMS} products`, () => {
    for (let index = 0; index < CART_MAX_ITEMS + 3; index += 1) guestCart.add(`p${index}`);
    const ids = guestCart.read().productIds;
    expect(ids).toHaveLength(CART_MAX_ITEMS);
    expect(ids[0]).toBe('p0');
  });

  it('removes the given products only, and clears the items without losing the pending order', () => {
    guestCart.add('a');
    guestCart.add('b');
    guestCart.add('c');
    guestCart.setPendingOrder({ id: 'order-1', productIds: ['a', 'b'] });
    guestCart.remove(['a', 'c']);
    expect(guestCart.read()).toEqual({ productIds: ['b'], pendingOrder: { id: 'order-1', productIds: ['a', 'b'] } });
    guestCart.clearItems();
    expect(guestCart.read()).toEqual({ productIds: [], pendingOrder: { id: 'order-1', productIds: ['a', 'b'] } });
    guestCart.setPendingOrder(null);
    expect(guestCart.read().pendingOrder).toBeNull();
  });

  it('reads what another tab wrote, dropping what is not a product id', () => {
    store.set('zerri.cart', JSON.stringify({ productIds: ['x', 7, null, 'y'], pendingOrder: { productIds: ['x'] } }));
    expect(guestCart.read()).toEqual({ productIds: ['x', 'y'], pendingOrder: null });
    store.set('zerri.cart', JSON.stringify({ productIds: 'x', pendingOrder: { id: 'o', productIds: ['x'] } }));
    expect(guestCart.read()).toEqual({ productIds: [], pendingOrder: { id: 'o', productIds: ['x'] } });
  });

  it('returns the same object while the storage is unchanged (useSyncExternalStore needs a stable snapshot)', () => {
    guestCart.add('a');
    const first = guestCart.read();
    expect(guestCart.read()).toBe(first);
    guestCart.add('b');
    expect(guestCart.read()).not.toBe(first);
  });
});
