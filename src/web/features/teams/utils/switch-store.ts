import type { QueryClient } from '@tanstack/react-query';
import { setActingStore, type ActingStore } from '#web/lib/acting-store.ts';
import { currentUserQueryKey } from '#web/lib/auth.ts';

/**
 * Switches the store (null: my own account) and drops what pages loaded for the other one, so they
 * load again for this one; the signed-in user stays (the dashboard does not flash its loading screen).
 */
export function switchStore(store: ActingStore | null, queryClient: QueryClient): void {
  setActingStore(store);
  void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
}
