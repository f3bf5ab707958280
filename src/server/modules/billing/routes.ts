import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerFulfiller } from '../payments/service.ts';
import { adminBillingRoutes } from './admin-routes.ts';
import { invoiceRoutes } from './invoice-routes.ts';
import { announceInvoicePaid, fulfilInvoiceOrder } from './invoices.ts';
import { payRoutes } from './pay-routes.ts';
import { payoutRoutes } from './payout-routes.ts';

/** Invoices and their payment page, payouts, and the admin's transactions (issue 7). */
export async function billingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerFulfiller('invoice', fulfilInvoiceOrder, { afterPaid: announceInvoicePaid });
  await app.register(invoiceRoutes, { ctx });
  await app.register(payRoutes, { ctx });
  await app.register(payoutRoutes, { ctx });
  await app.register(adminBillingRoutes, { ctx });
}
