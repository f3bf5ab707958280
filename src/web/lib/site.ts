import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '#shared/site-api.ts';
import { SITE_CONTENT_DEFAULTS } from '#shared/site.ts';
import { call } from './api.ts';

export type { SiteInfo };

export const DEFAULT_BRAND = 'Zerri';

export const getSite = (): Promise<SiteInfo> => call('GET /api/site');

export const siteQueryOptions = () =>
  queryOptions({ queryKey: ['site'], queryFn: getSite, staleTime: Infinity, gcTime: Infinity });

export function useSite() {
  return useQuery(siteQueryOptions());
}

/** The configured brand name (BRAND_NAME), `Zerri` until the site info has loaded. */
export function useBrand(): string {
  return useSite().data?.brand ?? DEFAULT_BRAND;
}

/**
 * What the operator says on the public site (Admin › Settings): undefined while it loads, the spec's
 * defaults when it cannot be loaded.
 */
export function useSiteContent(): SiteInfo['content'] | undefined {
  const { data, isError } = useSite();
  return data?.content ?? (isError ? SITE_CONTENT_DEFAULTS : undefined);
}
