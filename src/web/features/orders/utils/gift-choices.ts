import { useSyncExternalStore } from 'react';
import { giftSchema, type Gift } from '#shared/orders-forms.ts';

/** Cart lines marked as gifts, by product id, with the recipient's e-mail as typed (kept for this tab). */
export type GiftChoices = Record<string, string>;

const KEY = 'zerri.cart.gifts';
const listeners = new Set<() => void>();
let current: GiftChoices = read();

function read(): GiftChoices {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as GiftChoices) : {};
  } catch {
    return {};
  }
}

function write(next: GiftChoices) {
  current = next;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode: the choice lives until the page reloads.
  }
  for (const listener of listeners) listener();
}

export const giftChoices = {
  /** Marks a line as a gift (email '' until typed) or, with null, as the buyer's own again. */
  set(productId: string, email: string | null) {
    const next = { ...current };
    if (email === null) delete next[productId];
    else next[productId] = email;
    write(next);
  },
  clear: () => write({}),
};

export function useGiftChoices(): GiftChoices {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}

/**
 * The gifts checkout sends for the owned lines, and the problem of each owned line that is not a
 * gift yet ('needsGift') or whose recipient's e-mail is not valid (the shared schema's message).
 */
export function giftsOf(items: readonly { id: string; owned: boolean }[], choices: GiftChoices) {
  const gifts: Gift[] = [];
  const problems: Record<string, 'needsGift' | string> = {};
  for (const item of items) {
    if (!item.owned) continue;
    const email = choices[item.id];
    if (email === undefined) {
      problems[item.id] = 'needsGift';
      continue;
    }
    const parsed = giftSchema.safeParse({ productId: item.id, email });
    if (parsed.success) gifts.push(parsed.data);
    else problems[item.id] = parsed.error.issues[0]?.message ?? 'needsGift';
  }
  return { gifts, problems };
}
