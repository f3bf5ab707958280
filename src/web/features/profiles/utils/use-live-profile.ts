import { useQueryClient } from '@tanstack/react-query';
import { PROFILE_UPDATED_EVENT } from '#shared/profiles.ts';
import { currentUserQueryKey } from '#web/lib/auth.ts';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { PROFILE_QUERY_KEY } from '#web/lib/profile.ts';

/** Another tab or device saved my profile: refresh it here too (the event comes on my own channel). */
export function useLiveProfile(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(PROFILE_UPDATED_EVENT, () => {
    void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  });
}
