export type { CreatorOverview, CreatorSale, MySales, OverviewSale } from '#shared/sales-api.ts';

export const MY_SALES_QUERY_KEY = ['my-sales'] as const;
