import type { PayoutMethod } from '#shared/payouts.ts';

export interface AdminSale {
  id: string;
  creatorId: string | null;
  creatorName: string | null;
  productId: string | null;
  productName: string;
  buyerEmail: string;
  amountCents: number;
  feeCents: number;
  status: 'completed' | 'refunded';
  createdAt: string;
}

export interface AdminPayout {
  id: string;
  creatorId: string;
  creatorName: string;
  creatorEmail: string;
  amountCents: number;
  method: PayoutMethod;
  methodLabel: string;
  status: 'processing' | 'completed' | 'failed';
  requestedAt: string;
  processedAt: string | null;
  processedByEmail: string | null;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const ADMIN_TRANSACTIONS_KEY = ['admin', 'transactions'] as const;
export const PAGE_SIZE = 25;
