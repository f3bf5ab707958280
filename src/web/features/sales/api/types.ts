/** A sale as its creator sees it (GET /api/my/sales, the overview's recent activity). */
export interface CreatorSale {
  id: string;
  productId: string | null;
  productName: string;
  buyerEmail: string;
  amountCents: number;
  feeCents: number;
  status: 'completed' | 'refunded';
  downloadCount: number;
  createdAt: string;
  refundedAt: string | null;
}

export const MY_SALES_QUERY_KEY = ['my-sales'] as const;
