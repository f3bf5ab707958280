import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { STORE_QUERY_KEY } from '../api/store-types.ts';

/** Refreshes every marketplace list and product page when any product is created, changed or deleted. */
export function useLiveStore(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('products.changed', () => {
    void queryClient.invalidateQueries({ queryKey: STORE_QUERY_KEY });
  });
}
