import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** GET /api/admin/settings: platform-wide settings (admins only). */
export const getPlatformSettings = () => call('GET /api/admin/settings');

export const platformSettingsQueryOptions = () => queryOptions({ queryKey: ['admin', 'settings'], queryFn: getPlatformSettings });

export function usePlatformSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...platformSettingsQueryOptions(), enabled });
}
