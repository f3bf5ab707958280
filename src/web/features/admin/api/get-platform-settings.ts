import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformSettings } from '#shared/auth-two-factor.ts';
import { api } from '#web/lib/api.ts';

/** GET /api/admin/settings: platform-wide settings (admins only). */
export const getPlatformSettings = (): Promise<PlatformSettings> => api<PlatformSettings>('/api/admin/settings');

export const platformSettingsQueryOptions = () => queryOptions({ queryKey: ['admin', 'settings'], queryFn: getPlatformSettings });

export function usePlatformSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...platformSettingsQueryOptions(), enabled });
}
