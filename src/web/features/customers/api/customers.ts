import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AudienceImportResult, CustomersQuery } from '#shared/customers-api.ts';
import { call } from '#web/lib/api.ts';
import type { ResponseOf } from '#web/lib/api-routes.ts';
import { uploadForm } from '#web/lib/upload.ts';

export type { AudienceImportResult, Customer, CustomerHistory } from '#shared/customers-api.ts';

export const CUSTOMERS_QUERY_KEY = ['customers'] as const;

export type CustomerFilters = Pick<CustomersQuery, 'q' | 'productId' | 'kind' | 'subscribed'>;

/** GET /api/my/customers: the creator's customers, newest activity first, a page at a time ("Show more"). */
export const customersQueryOptions = (filters: CustomerFilters) =>
  infiniteQueryOptions({
    queryKey: [...CUSTOMERS_QUERY_KEY, 'list', filters],
    queryFn: ({ pageParam, signal }) => call('GET /api/my/customers', { query: { ...filters, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

export const useCustomers = (filters: CustomerFilters) => useInfiniteQuery({ ...customersQueryOptions(filters), placeholderData: keepPreviousData });

/** GET /api/my/customers/{email}: one person's history. */
export const useCustomerHistory = (email: string | null) =>
  useQuery({
    queryKey: [...CUSTOMERS_QUERY_KEY, 'history', email],
    queryFn: ({ signal }) => call('GET /api/my/customers/:email', { params: { email: email! }, signal }),
    enabled: email !== null,
  });

/** The creator's products, for the "bought" filter. */
export const useMyProductNames = () => useQuery({ queryKey: [...CUSTOMERS_QUERY_KEY, 'products'], queryFn: ({ signal }) => call('GET /api/my/products', { signal }) });

/** POST /api/audience/import (multipart `file` and `consent`): the counts of what the file did. */
export async function importSubscribers(file: File): Promise<AudienceImportResult> {
  const body = new FormData();
  body.set('consent', 'true');
  body.set('file', file, file.name);
  return uploadForm<ResponseOf<'POST /api/audience/import'>>('/api/audience/import', body);
}

export function useImportSubscribers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importSubscribers, onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY }) });
}
