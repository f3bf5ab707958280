import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMode } from '#shared/orders-payment-mode.ts';
import { api } from './api.ts';

export interface SiteInfo {
  brand: string;
  publicUrl: string;
  contacts: { general: string; support: string; partnerships: string; careers: string };
  devMailbox: boolean;
  /** How payments are taken; 'test' shows the "Test mode" banner on checkout and /pay. */
  payments: PaymentMode;
}

export const DEFAULT_BRAND = 'Zerri';

export const getSite = (): Promise<SiteInfo> => api<SiteInfo>('/api/site');

export const siteQueryOptions = () =>
  queryOptions({ queryKey: ['site'], queryFn: getSite, staleTime: Infinity, gcTime: Infinity });

export function useSite() {
  return useQuery(siteQueryOptions());
}

/** The configured brand name (BRAND_NAME), `Zerri` until the site info has loaded. */
export function useBrand(): string {
  return useSite().data?.brand ?? DEFAULT_BRAND;
}
