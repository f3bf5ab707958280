/**
 * The payouts routes and the schemas of their answers (src/shared/api-contract.ts), with the admin's
 * transactions routes (every sale, invoice payment and payout; completing or failing a payout).
 */
import { z } from 'zod';
import { currencySchema, type ApiRoutes } from './api-contract.ts';
import { BALANCE_ADJUSTMENT, PAYOUT_MESSAGES, PAYOUT_STATUSES } from './payouts.ts';
import { payoutAccountAnswerSchema, payoutAccountLinkSchema, payoutAccountOverviewSchema } from './payouts-connect.ts';
import { platformMoneySchema } from './sales-api.ts';

/** A payout method as stored: PayPal, a bank account by its country's identifiers, or a legacy "Bank account ID" (decision 034). */
export const payoutMethodSchema = z.union([
  z.object({ type: z.literal('paypal'), email: z.string() }),
  z.object({ type: z.literal('bank'), holder: z.string(), country: z.string(), iban: z.string() }),
  z.object({ type: z.literal('bank'), holder: z.string(), country: z.literal('US'), accountNumber: z.string(), routingNumber: z.string() }),
  z.object({ type: z.literal('bank'), holder: z.string(), country: z.string(), accountNumber: z.string(), bic: z.string().optional() }),
  z.object({ type: z.literal('bank'), accountId: z.string() }),
]);

/** A creator's payout, with its method as shown in lists ("PayPal (jo@example.com)"). */
export const payoutSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  currency: currencySchema,
  method: payoutMethodSchema,
  methodLabel: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  requestedAt: z.string(),
  processedAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** An admin's adjustment of the balance, as its owner sees it: the amount (positive credits them) and why. */
export const balanceAdjustmentSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  currency: currencySchema,
  reason: z.string(),
  createdAt: z.string(),
});
export type BalanceAdjustment = z.infer<typeof balanceAdjustmentSchema>;

export const balanceAdjustmentBodySchema = z.object({
  amountCents: z
    .number(PAYOUT_MESSAGES.adjustmentAmountRequired)
    .int(PAYOUT_MESSAGES.adjustmentAmountRequired)
    .min(-BALANCE_ADJUSTMENT.maxCents, PAYOUT_MESSAGES.adjustmentAmountRequired)
    .max(BALANCE_ADJUSTMENT.maxCents, PAYOUT_MESSAGES.adjustmentAmountRequired)
    .refine((cents) => cents !== 0, PAYOUT_MESSAGES.adjustmentAmountRequired),
  reason: z.string(PAYOUT_MESSAGES.adjustmentReasonRequired).trim().min(1, PAYOUT_MESSAGES.adjustmentReasonRequired).max(BALANCE_ADJUSTMENT.reasonMax),
});

/** The adjustment made and the owner's balance after it (what a payout may take). */
export const balanceAdjustedSchema = z.object({ adjustment: balanceAdjustmentSchema, balanceCents: z.number().int() });

export const payoutsOverviewSchema = z.object({
  /** The store's currency: the balance and the payouts are in it. */
  currency: currencySchema,
  /** What a payout may take. */
  balanceCents: z.number().int(),
  /** Money from test-card payments held out of the balance: never paid out (production). */
  testBalanceCents: z.number().int(),
  method: payoutMethodSchema.nullable(),
  payouts: z.array(payoutSchema),
  /** Admins' adjustments of the balance, newest first. */
  adjustments: z.array(balanceAdjustmentSchema),
});
export type PayoutsOverview = z.infer<typeof payoutsOverviewSchema>;

/** The payout requested (201) or, for a repeated Idempotency-Key, the earlier one (200); the balance left. */
export const payoutRequestedSchema = z.object({ payout: payoutSchema, balanceCents: z.number().int() });
export const payoutMethodSavedSchema = z.object({ method: payoutMethodSchema });

/** A page of an admin list. */
const pageFields = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };

/**
 * A transaction in the admin's lists: a sale, or an invoice paid on its payment page (`id` its
 * order's; the invoice's description as `productName`, no product, no fee). A deleted creator's or
 * product's stays, without them.
 */
export const adminSaleSchema = z.object({
  kind: z.enum(['sale', 'invoice']),
  id: z.string(),
  invoiceId: z.string().nullable(),
  creatorId: z.string().nullable(),
  creatorName: z.string().nullable(),
  productId: z.string().nullable(),
  productName: z.string(),
  buyerEmail: z.string(),
  amountCents: z.number().int(),
  currency: currencySchema,
  /** The fee on what the sale keeps (src/shared/sales-money.ts saleFeeCents). */
  feeCents: z.number().int(),
  /** What refunds gave back so far (0 for an invoice): a `completed` sale with some is partly refunded. */
  refundedCents: z.number().int(),
  status: z.enum(['completed', 'refunded']),
  createdAt: z.string(),
});
export type AdminSale = z.infer<typeof adminSaleSchema>;
/** A page of transactions, newest first, and the platform's money over all of them. */
export const adminSalesPageSchema = z.object({ items: z.array(adminSaleSchema), ...pageFields, totals: platformMoneySchema });
export type AdminSalesPage = z.infer<typeof adminSalesPageSchema>;

/** A payout in the admin's list, with its creator and the admin who processed it. */
export const adminPayoutSchema = payoutSchema.extend({
  creatorId: z.string(),
  creatorName: z.string(),
  creatorEmail: z.string(),
  processedByEmail: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const adminPayoutsPageSchema = z.object({
  items: z.array(adminPayoutSchema),
  ...pageFields,
  /** Payouts waiting for an admin, whatever the filter. */
  pendingCount: z.number().int(),
});
export type AdminPayoutsPage = z.infer<typeof adminPayoutsPageSchema>;

/** A payout an admin just completed or failed. */
export const processedPayoutSchema = z.object({
  payout: z.object({ id: z.string(), status: z.enum(PAYOUT_STATUSES), processedAt: z.string().nullable() }),
});

export const PAYOUTS_API = {
  'GET /api/payouts': payoutsOverviewSchema,
  'POST /api/payouts': payoutRequestedSchema,
  'PUT /api/payouts/method': payoutMethodSavedSchema,
  'GET /api/payouts/account': payoutAccountOverviewSchema,
  'POST /api/payouts/account': payoutAccountLinkSchema,
  'POST /api/payouts/account/refresh': payoutAccountAnswerSchema,
  'POST /api/payouts/account/test-onboarding': payoutAccountAnswerSchema,
  'GET /api/admin/transactions/sales': adminSalesPageSchema,
  'GET /api/admin/transactions/payouts': adminPayoutsPageSchema,
  'POST /api/admin/payouts/:id/complete': processedPayoutSchema,
  'POST /api/admin/payouts/:id/fail': processedPayoutSchema,
  'POST /api/admin/users/:id/balance-adjustments': balanceAdjustedSchema,
} as const satisfies ApiRoutes;
