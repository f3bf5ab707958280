import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaginationTexts } from '#web/components/pagination.tsx';

/** The management lists' pager (users, products, links, audit log). */
export function useListPaginationTexts(): PaginationTexts {
  const { t } = useTranslation('admin');
  return useMemo(
    () => ({ label: t('list.pagination'), previous: t('list.previous'), next: t('list.next'), status: (page, pages) => t('list.pageOf', { page, pages }) }),
    [t],
  );
}

/** The sales and payouts tables' pager. */
export function useBillingPaginationTexts(): PaginationTexts {
  const { t } = useTranslation('admin');
  return useMemo(
    () => ({ label: t('transactions.pagination'), previous: t('transactions.previous'), next: t('transactions.next'), status: (page, pages) => t('transactions.pageOf', { page, pages }) }),
    [t],
  );
}
