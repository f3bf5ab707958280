import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerFulfiller } from '../orders/service.ts';
import { creatorInvoiceRoutes } from './invoice-routes.ts';
import { announceInvoicePaid, fulfilInvoiceOrder } from './invoices.ts';
import { payRoutes } from './pay-routes.ts';

/** Invoices: the creator's invoices and their public payment page (issue 7). */
export async function invoiceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerFulfiller('invoice', fulfilInvoiceOrder, { afterPaid: announceInvoicePaid });
  await app.register(creatorInvoiceRoutes, { ctx });
  await app.register(payRoutes, { ctx });
}
