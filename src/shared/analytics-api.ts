/** The creator's Analytics page: its route and the schemas of its question and answer (src/shared/api-contract.ts). */
import { z } from 'zod';
import { currencySchema, type ApiRoutes } from './api-contract.ts';
import { ANALYTICS_MESSAGES, ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE } from './analytics.ts';

/** GET /api/my/analytics?range=30d | range=custom&from=…&to=… [&productId=…] */
export const analyticsQuerySchema = z.object({
  range: z.enum(ANALYTICS_RANGES).default(DEFAULT_ANALYTICS_RANGE),
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
  productId: z.uuid(ANALYTICS_MESSAGES.productNotFound).optional(),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

const count = z.number().int();
const cents = z.number().int();
/** Views that became sales, in % with one decimal; null without views. */
const conversion = z.number().nullable();

export const analyticsSchema = z.object({
  /** The UTC days the figures cover, both included. */
  range: z.object({ range: z.enum(ANALYTICS_RANGES), from: z.string(), to: z.string() }),
  /** The store's one currency: every `*Cents` is in its minor units. */
  currency: currencySchema,
  /** The product the figures are narrowed to (null: the whole store). */
  productId: z.string().nullable(),
  /** The creator's products, for the product picker. */
  products: z.array(z.object({ id: z.string(), name: z.string() })),
  totals: z.object({
    /** The ledger's: what buyers paid for the creator's sales and invoices in the range, less refunds, before fees and without tax. */
    revenueCents: cents,
    /** The ledger's: what of it is the creator's, after the platform's fees and affiliates' commissions. */
    earningsCents: cents,
    feesCents: cents,
    commissionsCents: cents,
    /** The ledger's: the refunds made in the range and what they gave back (without tax). */
    refunds: count,
    refundedCents: cents,
    /** Sales made in the range (refunded later or not). */
    sales: count,
    /** Product views: one per visitor, product and day. */
    views: count,
    conversionPercent: conversion,
    /** Clicks on the creator's short links in the range. */
    linkClicks: count,
  }),
  /** Every UTC day of the range, oldest first. */
  byDay: z.array(z.object({ date: z.string(), revenueCents: cents, sales: count, views: count, linkClicks: count })),
  topProducts: z.array(z.object({ id: z.string(), name: z.string(), views: count, sales: count, revenueCents: cents, conversionPercent: conversion })),
  sources: z.object({
    links: z.array(z.object({ id: count, code: z.string(), shortUrl: z.string(), clicks: count, views: count, sales: count, revenueCents: cents })),
    utmSources: z.array(z.object({ source: z.string(), views: count, sales: count, revenueCents: cents })),
    /** Product views by the site the visitor came from ('' : none known, a direct visit). */
    referrers: z.array(z.object({ domain: z.string(), views: count })),
    /** Product views by the visitor's country (ISO code; '--' unknown). */
    countries: z.array(z.object({ country: z.string(), views: count })),
  }),
  memberships: z.object({
    /** Now: memberships active (paying), in their free trial; ended in the range; and the MRR (shared/analytics.ts mrrCents). */
    active: count,
    trialing: count,
    churned: count,
    mrrCents: cents,
  }),
  linkClicks: z.object({ total: count, byLink: z.array(z.object({ id: count, code: z.string(), shortUrl: z.string(), clicks: count })) }),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const ANALYTICS_API = {
  'GET /api/my/analytics': analyticsSchema,
} as const satisfies ApiRoutes;
