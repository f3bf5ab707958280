import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteContent } from '#shared/site.ts';
import { call } from '#web/lib/api.ts';
import { siteQueryOptions } from '#web/lib/site.ts';
import { adminListKey } from './admin-lists.ts';
import { siteContentQueryOptions } from './get-site-content.ts';

/** PUT /api/admin/site-content, written to the audit log; every visitor's next page load reads it. */
export const updateSiteContent = (content: SiteContent) => call('PUT /api/admin/site-content', { body: content });

export function useUpdateSiteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteContent,
    onSuccess: (saved) => {
      queryClient.setQueryData(siteContentQueryOptions().queryKey, saved);
      // This browser's public pages show the change too.
      void queryClient.invalidateQueries({ queryKey: siteQueryOptions().queryKey });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminListKey('audit-log') }),
  });
}
