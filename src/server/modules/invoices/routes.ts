import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { creatorInvoiceRoutes } from './invoice-routes.ts';
import { payRoutes } from './pay-routes.ts';

/** Invoices: the creator's invoices and their public payment page (issue 7). */
export async function invoiceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(creatorInvoiceRoutes, { ctx });
  await app.register(payRoutes, { ctx });
}
