export type { AdminPayout, AdminPayoutsPage, AdminSale, AdminSalesPage } from '#shared/payouts-api.ts';

export const ADMIN_TRANSACTIONS_KEY = ['admin', 'transactions'] as const;
export const PAGE_SIZE = 25;
