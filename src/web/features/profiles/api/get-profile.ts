import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from '#web/lib/profile.ts';

export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
