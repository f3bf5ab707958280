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
  const { t } = useTranslation('billing');
  return useMemo(
    () => ({ label: t('admin.pagination'), previous: t('admin.previous'), next: t('admin.next'), status: (page, pages) => t('admin.pageOf', { page, pages }) }),
    [t],
  );
}
