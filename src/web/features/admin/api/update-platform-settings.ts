import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlatformSettingsBody } from '#shared/auth-two-factor.ts';
import { call } from '#web/lib/api.ts';
import { adminListKey } from './admin-lists.ts';
import { platformSettingsQueryOptions } from './get-platform-settings.ts';

/**
 * PUT /api/admin/settings with the settings to change (one left out keeps its value), written to the
 * audit log; answers all of them. 409 two_factor_not_enabled_for_you when an
 * admin without two-factor sign-in tries to require it.
 */
export const updatePlatformSettings = (settings: PlatformSettingsBody) => call('PUT /api/admin/settings', { body: settings });

export function useUpdatePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlatformSettings,
    onSuccess: (saved) => queryClient.setQueryData(platformSettingsQueryOptions().queryKey, saved),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminListKey('audit-log') }),
  });
}
