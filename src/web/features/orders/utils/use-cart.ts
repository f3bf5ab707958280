import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { STORE_CURRENCY } from '#shared/money.ts';
import { cartTotalCents } from '#shared/orders.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { useAddToServerCart } from '../api/add-to-cart.ts';
import { serverCartQueryOptions, useGuestCartQuote, useServerCart } from '../api/get-cart.ts';
import { useOrderStatus } from '../api/get-order-status.ts';
import { mergeCart } from '../api/merge-cart.ts';
import { useRemoveFromServerCart } from '../api/remove-from-cart.ts';
import { CART_QUERY_KEY, type CartContents } from '../api/types.ts';
import { guestCart, useGuestCart } from './guest-cart.ts';
import { usePriceChoices, useVersionChoices } from '#web/lib/price-choices.ts';
import { lineMinimumCents, pricedLines } from './cart-lines.ts';

const EMPTY: CartContents = { items: [], totalCents: 0, currency: STORE_CURRENCY };

/** The cart, wherever it lives: on the server for a signed-in buyer, in this browser for a guest. */
export function useCart() {
  const { data: user, isPending: userPending } = useCurrentUser();
  const signedIn = Boolean(user);
  const guest = useGuestCart();
  const server = useServerCart(signedIn);
  const quote = useGuestCartQuote(guest.productIds, !userPending && !signedIn);
  const addToServer = useAddToServerCart();
  const removeFromServer = useRemoveFromServerCart();

  // Products no longer on sale leave a guest's cart.
  const unavailable = quote.data?.unavailable;
  useEffect(() => {
    if (unavailable?.length) guestCart.remove(unavailable);
  }, [unavailable]);

  const active = signedIn ? server : quote;
  const listed = signedIn ? server.data : guest.productIds.length === 0 ? EMPTY : quote.data;
  // Pay what you want: each line at the amount the buyer named (the server's price is the minimum).
  // Product versions: each line as the version the buyer picked (else the first).
  const choices = usePriceChoices();
  const versions = useVersionChoices();
  const contents = useMemo(() => {
    if (!listed) return undefined;
    const items = pricedLines(listed.items, choices, versions);
    return { ...listed, items, totalCents: cartTotalCents(items) };
  }, [listed, choices, versions]);
  const ids = signedIn ? (server.data?.items.map((item) => item.id) ?? []) : guest.productIds;
  return {
    signedIn,
    contents,
    /** Shown on the badge: a guest's count is known before the prices are. */
    count: ids.length,
    isPending: userPending || (contents === undefined && active.isPending),
    isError: contents === undefined && active.isError,
    error: active.error,
    refetch: active.refetch,
    has: (productId: string) => ids.includes(productId),
    /** Pay what you want: the least a line may cost (the price of the product, or of its chosen version). */
    minimumOf: (productId: string) => {
      const item = listed?.items.find((line) => line.id === productId);
      return item ? lineMinimumCents(item, versions) : 0;
    },
    async add(productId: string) {
      if (signedIn) await addToServer.mutateAsync(productId);
      else guestCart.add(productId);
    },
    async remove(productId: string) {
      if (signedIn) await removeFromServer.mutateAsync(productId);
      else guestCart.remove([productId]);
    },
    isChanging: addToServer.isPending || removeFromServer.isPending,
  };
}

/**
 * Kept running by the header's cart link: merges a guest cart into the account at login, and
 * empties the cart once the order being paid is paid (here, on the Stripe return, or in another tab).
 */
export function useCartSync() {
  const { data: user } = useCurrentUser();
  const guest = useGuestCart();
  const queryClient = useQueryClient();
  const merging = useRef(false);

  useEffect(() => {
    if (!user || guest.productIds.length === 0 || merging.current) return;
    merging.current = true;
    const ids = guest.productIds;
    mergeCart(ids)
      .then((cart) => {
        guestCart.remove(ids);
        queryClient.setQueryData(serverCartQueryOptions().queryKey, cart);
      })
      .catch(() => {
        // Kept in the browser; the next page load tries again.
      })
      .finally(() => {
        merging.current = false;
      });
  }, [user, guest.productIds, queryClient]);

  const pending = guest.pendingOrder;
  const order = useOrderStatus(pending?.id);
  const status = order.data?.status;
  const missing = order.isError;
  useEffect(() => {
    if (!pending) return;
    if (status === 'paid') {
      guestCart.remove(pending.productIds);
      guestCart.setPendingOrder(null);
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    } else if (status === 'failed' || missing) {
      guestCart.setPendingOrder(null);
    }
  }, [pending, status, missing, queryClient]);

  useRealtimeEvent('orders.changed', (event) => {
    void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ['orders', event.data.id] });
  });
}
