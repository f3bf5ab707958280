/** The site routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import type { ApiRoutes } from './api-contract.ts';
import type { PaymentMode } from './orders-payment-mode.ts';
import { siteContentSchema } from './site-content.ts';

/** How payments are taken: Stripe, the built-in test cards, or not set up ('none'). */
export const paymentModeSchema = z.enum(['stripe', 'test', 'none'] as const satisfies readonly PaymentMode[]);

export const siteInfoSchema = z.object({
  brand: z.string(),
  publicUrl: z.string(),
  contacts: z.object({ general: z.string(), support: z.string(), partnerships: z.string(), careers: z.string() }),
  devMailbox: z.boolean(),
  /** How payments are taken; 'test' shows the "Test mode" banner on checkout and /pay. */
  payments: paymentModeSchema,
  /** What the operator says on the public site (Admin › Settings); the contact addresses are in `contacts`. */
  content: siteContentSchema.omit({ contacts: true }),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** null while the operator keeps the number back (fewer accounts than their threshold). */
export const siteStatsSchema = z.object({ registeredUsers: z.number().int().nullable() });
export type SiteStats = z.infer<typeof siteStatsSchema>;

/** The API and its database answer (a failing database is a 500, not a body). */
export const healthSchema = z.object({ status: z.literal('ok') });

/** Admin › Settings › Public site: the stored content, and the server's addresses an empty contact falls back to. */
export const adminSiteContentSchema = z.object({
  content: siteContentSchema,
  serverContacts: siteInfoSchema.shape.contacts,
});
export type AdminSiteContent = z.infer<typeof adminSiteContentSchema>;

export const SITE_API = {
  'GET /api/site': siteInfoSchema,
  'GET /api/site/stats': siteStatsSchema,
  'GET /api/health': healthSchema,
} as const satisfies ApiRoutes;
