import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkImportReport } from '#shared/links-api.ts';
import type { ResponseOf } from '#web/lib/api-routes.ts';
import { uploadForm } from '#web/lib/upload.ts';
import { LINKS_QUERY_KEY } from './types.ts';

export type { LinkImportReport, LinkImportRow } from '#shared/links-api.ts';

/** POST /api/links/import (multipart `file`): a report per row; 400 for a file refused as a whole, 413 too large. */
export async function importLinks(file: File): Promise<LinkImportReport> {
  const body = new FormData();
  body.set('file', file, file.name);
  return uploadForm<ResponseOf<'POST /api/links/import'>>('/api/links/import', body);
}

export function useImportLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importLinks,
    // New links and maybe new tags: every list and the tags (under the same key) read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LINKS_QUERY_KEY }),
  });
}
