import { useSyncExternalStore } from 'react';
import { ACCOUNT_HEADER, teamRouteMatches } from '#shared/teams-routes.ts';

/**
 * The store a team member works on (decision 023): chosen in the dashboard header's store switcher,
 * kept for the tab. The API client then names it in the X-Zerri-Account header of the requests to
 * team routes (products, links, invoices, sales) and of no others: everything else stays the member's own.
 */
export interface ActingStore {
  /** The owner's user id. */
  id: string;
  name: string;
}

const KEY = 'zerri.actingStore';
const listeners = new Set<() => void>();

function read(): ActingStore | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as ActingStore | null;
    return value && typeof value.id === 'string' && typeof value.name === 'string' ? value : null;
  } catch {
    return null;
  }
}

let current: ActingStore | null = typeof sessionStorage === 'undefined' ? null : read();

export function getActingStore(): ActingStore | null {
  return current;
}

/** Switches the store (null: my own account); pages refetch through features/teams' switchStore. */
export function setActingStore(store: ActingStore | null): void {
  if (store?.id === current?.id) return;
  current = store;
  try {
    if (store) sessionStorage.setItem(KEY, JSON.stringify(store));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage may be off (private mode): the choice lasts until the page reloads.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useActingStore(): ActingStore | null {
  return useSyncExternalStore(subscribe, getActingStore, () => null);
}

/** The header naming the chosen store, for a request to a team route (none otherwise). */
export function actingStoreHeaders(method: string, path: string): Record<string, string> {
  return current && teamRouteMatches(method, path) ? { [ACCOUNT_HEADER]: current.id } : {};
}

/** The server's answer when the member was removed (or the owner's plan lost its seats): back to my own account. */
export const NOT_A_MEMBER_CODE = 'team_not_member';
