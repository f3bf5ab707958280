// The discount code a buyer entered or came with (`?code=` on a product or storefront address): kept
// for the visit in sessionStorage, so the product page, the cart and checkout show the same prices.
import { useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';

const KEY = 'zerri.discountCode';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function write(code: string | null) {
  try {
    if (code) sessionStorage.setItem(KEY, code);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage off (private mode): the code lasts until the page is left.
  }
  memory = code;
  for (const listener of listeners) listener();
}

let memory: string | null = typeof window === 'undefined' ? null : read();

export const discountCode = {
  get: () => memory,
  set: (code: string) => write(code.trim() || null),
  clear: () => write(null),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The remembered code (null when none), updated wherever it changes. */
export function useDiscountCode(): string | null {
  return useSyncExternalStore(subscribe, discountCode.get, () => null);
}

/** Remembers the `?code=` of the current address, if it has one. */
export function useDiscountCodeFromUrl(): void {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim().slice(0, 64);
  useEffect(() => {
    if (code) discountCode.set(code);
  }, [code]);
}
